import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStudio } from '../testing/render-studio';
import { stubStudioApi, studioError } from '../testing/studio-api';

const signedOut = studioError(401, 'unauthenticated', 'no session');

/** What the link form says, in its own live region. */
function linkStatus() {
  return within(screen.getByRole('form', { name: 'Sign in with a link by e-mail' })).getByRole('status');
}

describe('signing in with a link by e-mail', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for a link and says the same whether or not the address is staff', async () => {
    const calls = stubStudioApi({ 'GET /me': signedOut, 'POST /sign-in/link': { status: 202 } });
    renderStudio('/');
    fireEvent.change(await screen.findByLabelText('Your e-mail address'), { target: { value: ' ana@chain.example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await waitFor(() =>
      expect(linkStatus().textContent).toBe(
        'If ana@chain.example belongs to a member of the staff, a sign-in link is on its way. It works once, within 15 minutes.',
      ),
    );
    expect(calls.filter(({ method }) => method === 'POST').map(({ path, body }) => [path, body])).toEqual([
      ['/sign-in/link', { email: 'ana@chain.example' }],
    ]);
  });

  it('checks the address before it sends anything', async () => {
    const calls = stubStudioApi({ 'GET /me': signedOut });
    renderStudio('/');
    const field = await screen.findByLabelText('Your e-mail address');
    fireEvent.change(field, { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it('says when e-mail sign-in is off or the studio cannot send', async () => {
    let answer = studioError(422, 'failed_precondition', 'e-mail sign-in is off');
    stubStudioApi({ 'GET /me': signedOut, 'POST /sign-in/link': () => answer });
    renderStudio('/');
    fireEvent.change(await screen.findByLabelText('Your e-mail address'), { target: { value: 'ana@chain.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await waitFor(() => expect(linkStatus().textContent).toBe('Signing in by e-mail is turned off on this platform.'));
    answer = studioError(503, 'service_unavailable', 'the link could not be mailed');
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await waitFor(() =>
      expect(linkStatus().textContent).toBe('The studio could not send the link just now. Try again in a moment.'),
    );
  });

  it('says why a mailed link led here', async () => {
    for (const [why, text] of [
      ['unusable', 'That sign-in link has been used or has expired. Ask for a new one below.'],
      ['off', 'Signing in by e-mail is turned off on this platform.'],
      ['unavailable', 'The studio could not take that sign-in link just now. Open it again in a moment.'],
    ]) {
      stubStudioApi({ 'GET /me': signedOut });
      renderStudio(`/?sign-in=${why}`);
      expect(await screen.findByText(text ?? '')).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
