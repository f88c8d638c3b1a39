// docs/loyalty.md#password-reset: what the reset page reads from its
// address. The code is resetCode; TAPOS also gives uid and token; providers other than
// BOOST_POS, BOOST_POS_WITHOUT_LOYALTY and TAPOS carry the e-mail address.

export type ResetRequest = { resetCode: string; email?: string; uid?: string };

const WITHOUT_EMAIL = new Set(['BOOST_POS', 'BOOST_POS_WITHOUT_LOYALTY', 'TAPOS']);

export function resetRequest(search: string, provider: string): ResetRequest {
  const query = new URLSearchParams(search);
  const resetCode = query.get('resetCode') ?? (provider === 'TAPOS' ? query.get('token') : null) ?? '';
  return {
    resetCode,
    ...(provider === 'TAPOS' ? { uid: query.get('uid') ?? '' } : {}),
    ...(WITHOUT_EMAIL.has(provider) ? {} : { email: query.get('email') ?? '' }),
  };
}
