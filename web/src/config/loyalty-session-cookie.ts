// Where the loyalty session is kept (docs/loyalty.md#sessions): its cookie's name and path. A
// module of its own: the page frame checks for the cookie before the loyalty code loads.

export const SESSION_COOKIE = 'loyaltySession';
export const SESSION_COOKIE_PATH = '/';
