// docs/loyalty.md#wallet-passes: the pass is a signed token (raw text); the
// save URL is a template whose {token} placeholder takes it.

export const WALLET_SAVE_URL_TEMPLATE = 'https://pay.google.com/gp/v/save/{token}';

export function walletSaveUrl(token: string, template = WALLET_SAVE_URL_TEMPLATE): string {
  return template.replace('{token}', encodeURIComponent(token.trim()));
}
