// Query keys of the member's loyalty data, one factory so mutations invalidate exactly
// what they change. Every key names the member: another member signing in on the same
// page never sees the previous one's data.

export const loyaltyKeys = {
  all: ['loyalty'] as const,
  member: (memberId: string) => [...loyaltyKeys.all, 'member', memberId] as const,
  rewards: (memberId: string) => [...loyaltyKeys.member(memberId), 'rewards'] as const,
  orders: (memberId: string) => [...loyaltyKeys.member(memberId), 'orders'] as const,
  transactions: (memberId: string) => [...loyaltyKeys.member(memberId), 'transactions'] as const,
  cards: (memberId: string) => [...loyaltyKeys.member(memberId), 'cards'] as const,
  favouriteFilms: (memberId: string) => [...loyaltyKeys.member(memberId), 'favourite-films'] as const,
  favouriteCinemas: (memberId: string) => [...loyaltyKeys.member(memberId), 'favourite-cinemas'] as const,
  alertPreferences: (memberId: string) => [...loyaltyKeys.member(memberId), 'alert-preferences'] as const,
  eVouchers: (cinemaId: string) => [...loyaltyKeys.all, 'e-vouchers', cinemaId] as const,
};
