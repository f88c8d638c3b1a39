import { afterEach, describe, expect, it, vi } from 'vitest';

// The entry's later steps, each noting the address it finds.
const seenBy: Record<string, string> = {};
const note = (step: string) => {
  seenBy[step] = window.location.href;
};
vi.mock('./lib/query-client', () => ({ createQueryClient: () => note('createQueryClient') }));
vi.mock('./lib/resource-failures', () => ({ watchResourceErrors: () => note('watchResourceErrors') }));
vi.mock('./lib/embed-context', () => ({ visitEmbedContext: () => note('visitEmbedContext') }));
vi.mock('./lib/first-paint', () => ({ afterFirstPaint: () => new Promise(() => undefined) }));
vi.mock('./app/start-app', () => ({ startApp: () => note('startApp') }));

describe('main.tsx', () => {
  const page = window as unknown as { happyDOM: { setURL: (url: string) => void } };
  afterEach(() => page.happyDOM.setURL('http://localhost:3000/'));

  it('takes a login-by-token session token out of the address before any other step, kept for the loyalty code', async () => {
    page.happyDOM.setURL('https://www.marqueecinemas.com/movies/?sessionToken=t1&utm_source=mail');
    await import('./main');
    await vi.waitFor(() => expect(seenBy.startApp).toBeDefined());
    const clean = 'https://www.marqueecinemas.com/movies/?utm_source=mail';
    expect(seenBy).toEqual({ createQueryClient: clean, watchResourceErrors: clean, visitEmbedContext: clean, startApp: clean });
    const { takeMemberToken } = await import('./lib/address-secrets');
    expect(takeMemberToken('sessionToken')).toBe('t1');
  });
});
