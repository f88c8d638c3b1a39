// docs/loyalty.md#registration: the defaults first, the form's values over them;
// an empty zip code is sent as null, as the payload says.

export type MemberCreateForm = {
  clubId: string;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  mobileNumber?: string;
  zipCode?: string;
  [field: string]: unknown;
};

export function memberCreatePayload(form: MemberCreateForm): Record<string, unknown> {
  return {
    username: form.email,
    phoneNumber: form.mobileNumber ?? null,
    memberId: null,
    address1: null,
    address2: null,
    city: null,
    state: null,
    houseSize: 0,
    maritalStatus: '',
    sendNewsletter: 'False',
    wishToReceiveSMS: 'False',
    contactByThirdParty: 'False',
    newsletterFrequency: '-1',
    pickupCinemaId: null,
    preferredCinemaId: null,
    preferredCinemaList: [],
    preferenceList: null,
    preferredGenres: [],
    memberItemId: null,
    memberLevelId: 0,
    nationalId: null,
    updatePreferences: false,
    memberCardNumber: null,
    ...form,
    zipCode: form.zipCode || null,
  };
}

/** docs/loyalty.md#membership-activation: the first item of the membership list, made free. */
export type MembershipItem = {
  code: string;
  memberLevelId: number;
  cost: 0;
  quantity: 1;
  isLoyaltyMembershipActivation: true;
};

type MembershipList = {
  listConcessionGrouping?: Array<{ items?: Array<{ code?: string; memberLevelId?: number }> }>;
};

export function membershipItem(list: MembershipList): MembershipItem | undefined {
  const item = list.listConcessionGrouping?.[0]?.items?.[0];
  if (!item?.code) return undefined;
  return {
    code: item.code,
    memberLevelId: item.memberLevelId ?? 1,
    cost: 0,
    quantity: 1,
    isLoyaltyMembershipActivation: true,
  };
}
