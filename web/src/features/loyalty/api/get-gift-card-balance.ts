import type { LoyaltyApi } from './loyalty-api';

export type GiftCardCheck = { cardNumber: string; pin: string; captchaToken: string | undefined };

/** A gift card's balance in cents: an anonymous call with the card's number and PIN, guarded by the captcha. */
export async function getGiftCardBalance({ call, routes }: LoyaltyApi, { cardNumber, pin, captchaToken }: GiftCardCheck): Promise<number> {
  const reply = await call({
    method: 'POST',
    route: routes.giftCardBalance(),
    payload: { cardNumber: cardNumber.trim(), pin },
    captchaToken,
    anonymous: true,
  });
  return Number(reply.balanceInCents ?? 0);
}
