// The shapes of the member-area replies (svc-loyalty's built-in provider, DESIGN.md section 4).

export type Order = { orderId: string; cinemaId: string; filmTitle: string; tickets: number; totalCents: number; placedAt: number };
export type PointTransaction = { transactionId: string; description: string; points: number; happenedAt: number };
export type Reward = { rewardId: string; name: string; pointsCost: number; canRedeem?: boolean };
export type LoyaltyCard = { cardCode: string; status: string };
export type EVoucherConcession = { id: string; cinemaId: string; name: string; priceCents: number };
