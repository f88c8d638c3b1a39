// The loyalty shapes the browser reads and writes through /api/cypher (docs/loyalty.md#transport).

/** The API generation: 1 for the older routes, 3 for the /v3/ ones. */
export type CypherVersion = 1 | 3;

export type LoyaltyProvider =
  | 'NONE'
  | 'RTS'
  | 'BOOST_POS'
  | 'BOOST_POS_WITHOUT_LOYALTY'
  | 'TAPOS'
  | 'CGR'
  | (string & {});

/** docs/loyalty.md#configuration. */
export type LoyaltyContext = {
  circuitId: string;
  cinemaId: string;
  clubId: string;
  provider: LoyaltyProvider;
  version: CypherVersion;
  /** Lower-case brand of the header and query names (LOYALTY_BRAND), e.g. 'boxoffice'. */
  brand: string;
};

export type Balance = { type: string; value: number };

/** docs/loyalty.md#replies: the memberDetails fields every provider answers with. */
export type MemberDetails = {
  memberId: string;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  mobileNumber?: string;
  zipCode?: string;
  birthDate?: string;
  cardNumber?: string;
  clubId?: string;
  memberLevelId?: number;
  memberLevelName?: string;
  /** ISO date-time; '0001-01-01T00:00:00Z' means no expiry. */
  memberExpiry?: string;
  isActivated?: boolean;
  balances?: Balance[];
  sendNewsletter?: boolean;
};

export type SessionManagementTokens = Record<string, string | undefined>;

/** docs/loyalty.md#replies. */
export type CypherReply = {
  peachCode?: number;
  statusCode?: number;
  clientErrorMessage?: string;
  memberDetails?: MemberDetails;
  sessionManagementTokens?: SessionManagementTokens;
  userSessionId?: string;
  orderId?: string;
  hasUserName?: boolean;
  clubId?: string;
  [field: string]: unknown;
};

/** docs/loyalty.md#sessions, kept in a cookie at path '/'. */
export type LoyaltySession = {
  token: string;
  /**
   * None for a session known by its token alone: a login by token whose reply named no
   * refresh token (utils/session-rules.ts sessionFromTokenLogin).
   */
  refreshToken?: string;
  cypherVersion: CypherVersion;
  /** Version 1 only. */
  userSessionId?: string;
  /** Version 1 only. */
  memberId?: string;
  /** Version 1 only. */
  encryptedSessionId?: string;
};

/** docs/loyalty.md#sessions: memberDetails merged with the session's tokens. */
export type LoyaltyMember = MemberDetails & Pick<LoyaltySession, 'token' | 'refreshToken' | 'cypherVersion'>;

// The member-area replies' lists (svc-loyalty's built-in provider,
// docs/loyalty.md#api-generations).

export type Order = { orderId: string; cinemaId: string; filmTitle: string; tickets?: number; totalCents: number; placedAt: number };
export type PointTransaction = { transactionId: string; description: string; points: number; happenedAt: number };
export type Reward = { rewardId: string; name: string; pointsCost?: number; canRedeem?: boolean };
export type LoyaltyCard = { cardCode: string; status: string };
export type EVoucherConcession = { id: string; cinemaId: string; name: string; priceCents: number };
