// docs/loyalty.md#ticketing-hand-off, version 3: a hidden form posts the member's token to the
// ticketing URL and submits itself once mounted.

import { useEffect, useRef } from 'react';
import { memberTokenParameter } from '@/config/member-token-parameters';

type HandOffFormProps = { url: string; provider: string; token: string };

export function HandOffForm({ url, provider, token }: HandOffFormProps) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.submit();
  }, [url, token]);
  return (
    <form ref={form} method="POST" action={url} hidden data-testid="hand-off-form">
      <input type="hidden" name={memberTokenParameter(provider)} value={token} />
    </form>
  );
}
