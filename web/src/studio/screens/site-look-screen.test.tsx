import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Me, SiteDocument } from '../api';
import { studioKeys } from '../hooks/studio-keys';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswers, type StudioCall } from '../testing/studio-api';
import { demo, editor, single, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

// happy-dom's <select> has no `size` (a browser's is 0), which react-hook-form reads to tell
// a select changed before the form was ready: without it, a select would keep its first
// option rather than show the document's value.
Object.defineProperty(HTMLSelectElement.prototype, 'size', { configurable: true, get: () => 0 });

const SITE = 'https://marquee.example';

const palette = {
  primary: '#C8102E',
  accent: '#F2B705',
  highlight: '#FFD166',
  muted: '#6B7280',
  background: '#FFFFFF',
  footerBackground: '#111114',
  headerBackground: '#111114',
};

/** The demo site's document as its draft has it (site.json's shape, a part of it). */
const draftDocument: SiteDocument = {
  name: 'Marquee Cinemas',
  config: {
    locale: 'en-US',
    roundness: { buttons: 'MEDIUM', content: 'HIGH' },
    theme: {
      palette,
      colors: { brand1: '#C8102E', brand2: '#F2B705', brand3: '#1B1B1F', brand4: '#2E3A59', brand5: '#F4F1EA', brand6: '#6B7280' },
      fonts: {
        body: 'Lato',
        heading: 'Montserrat',
        fontWeights: { body: { weights: ['400', '400i', '700'] }, heading: { weights: ['600', '700'] } },
        fontStyles: {},
      },
    },
  },
  settings: { hasSearch: true },
};

/** The address of the draft's preview of the home page the `n`th time it is asked for (a new token each time). */
const previewAddress = (n: number) => `${SITE}/cms-preview/?preview=token-${n}`;

/** The studio's API for `me` on the demo site, its document as above, its preview, and `answers` besides. */
function stubLookApi(me: Me, answers: StudioAnswers = {}) {
  let previews = 0;
  return stubSignedIn(me, [demo, single], {
    'GET /sites/demo/draft/site': { status: 200, body: draftDocument },
    'GET /sites/demo/preview?path=%2F': () => {
      previews += 1;
      return { status: 200, body: { url: previewAddress(previews) } };
    },
    ...answers,
  });
}

const patches = (calls: StudioCall[]) => calls.filter(({ method }) => method === 'PATCH');

/** The preview frame, with a stand-in for the site's window in it (happy-dom loads no page into a frame). */
async function previewFrame() {
  const frame = await screen.findByTitle('Preview of Marquee Cinemas');
  const site = { postMessage: vi.fn() };
  Object.defineProperty(frame, 'contentWindow', { value: site, configurable: true });
  return { frame, site };
}

/** The site in the frame says it is mounted (`source` its window, posting from `origin`). */
function mounted(source: unknown, origin = SITE) {
  window.dispatchEvent(
    new MessageEvent('message', { source: source as Window, origin, data: { type: 'lifeCycle', lifeCycle: 'mounted' } }),
  );
}

/** The look of the document, as the site in the frame is sent it. */
const wholeLook = (primary = '#C8102E') => [
  [{ type: 'colorScheme', colorScheme: { ...palette, primary } }, SITE],
  [{ type: 'font', font: { target: 'body', name: 'Lato', weights: ['400', '400i', '700'] } }, SITE],
  [{ type: 'font', font: { target: 'heading', name: 'Montserrat', weights: ['600', '700'] } }, SITE],
  [{ type: 'hasSearch', hasSearch: true }, SITE],
];

describe("a site's look and settings", () => {
  it('shows the document as the draft has it, and the site beside it', async () => {
    stubLookApi(editor);
    renderStudio('/sites/demo/look');
    expect(await screen.findByRole('heading', { level: 1, name: 'Look and settings of Marquee Cinemas' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'The look and settings of Marquee Cinemas' });
    expect(within(form).getByLabelText<HTMLInputElement>('Name of the site').value).toBe('Marquee Cinemas');
    expect(within(form).getByLabelText<HTMLInputElement>('Language').value).toBe('en-US');
    expect(within(form).getByLabelText<HTMLInputElement>('Primary').value).toBe('#C8102E');
    expect(within(form).getByLabelText<HTMLInputElement>('Footer background').value).toBe('#111114');
    expect(within(form).getByLabelText<HTMLInputElement>('Brand colour 4').value).toBe('#2E3A59');
    expect(within(form).getByLabelText<HTMLSelectElement>('Body font').value).toBe('Lato');
    expect(within(form).getByLabelText<HTMLSelectElement>('Heading font').value).toBe('Montserrat');
    const bodyWeights = within(form).getByRole('group', { name: 'Weights of the body font' });
    const checked = within(bodyWeights)
      .getAllByRole<HTMLInputElement>('checkbox')
      .filter((box) => box.checked)
      .map((box) => box.labels?.[0]?.textContent);
    expect(checked).toEqual(['400', '400 italic', '700']);
    expect(within(form).getByLabelText<HTMLSelectElement>('Buttons').value).toBe('MEDIUM');
    expect(within(form).getByLabelText<HTMLSelectElement>('Content (cards, images, fields)').value).toBe('HIGH');
    expect(within(form).getByLabelText<HTMLInputElement>('Offer a search of the site in the header').checked).toBe(true);
    // The home page as the draft has it, on the site's own host.
    await waitFor(() => expect(screen.getByTitle('Preview of Marquee Cinemas').getAttribute('src')).toBe(previewAddress(1)));
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Look and settings' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Look and settings of Marquee Cinemas | Studio'));
  });

  it("sends the site in the frame its look once mounted, then each edit before it is saved, to the site's origin alone", async () => {
    const calls = stubLookApi(editor);
    renderStudio('/sites/demo/look');
    const { site } = await previewFrame();
    // Not the frame's window, or not the site's origin: ignored.
    mounted({ postMessage: vi.fn() });
    mounted(site, 'https://elsewhere.example');
    expect(site.postMessage).not.toHaveBeenCalled();

    mounted(site);
    expect(site.postMessage.mock.calls).toEqual(wholeLook());
    site.postMessage.mockClear();

    fireEvent.change(screen.getByLabelText('Primary'), { target: { value: '#0A7E8C' } });
    await waitFor(() => expect(site.postMessage).toHaveBeenCalled());
    expect(site.postMessage.mock.calls).toEqual([[{ type: 'colorScheme', colorScheme: { ...palette, primary: '#0A7E8C' } }, SITE]]);
    site.postMessage.mockClear();

    // A reload inside the frame: the whole look as it stands again.
    mounted(site);
    expect(site.postMessage.mock.calls).toEqual(wholeLook('#0A7E8C'));
    expect(patches(calls)).toEqual([]);
  });

  it('saves the field changed alone, as a merge patch, then reads the draft and the audit log again', async () => {
    const saved = { ...draftDocument, config: { ...draftDocument.config, theme: { ...draftDocument.config?.theme, palette: { ...palette, primary: '#0A7E8C' } } } };
    const calls = stubLookApi(editor, { 'PATCH /sites/demo/draft/site': { status: 200, body: saved } });
    const { queryClient } = renderStudio('/sites/demo/look');
    // The draft's changes and the audit log, as other screens left them.
    const draft = studioKeys.siteDraft('demo');
    const audit = studioKeys.siteAuditEntries({ siteId: 'demo' });
    queryClient.setQueryData(draft, { changes: [], schedule: null });
    queryClient.setQueryData(audit, []);
    fireEvent.change(await screen.findByLabelText('Primary'), { target: { value: '#0a7e8c' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() =>
      expect(screen.getByTestId('studio-look-outcome').textContent).toBe('Saved to the draft. Publish the draft to make the changes live.'),
    );
    const [patch] = patches(calls);
    expect([patch?.path, patch?.body]).toEqual(['/sites/demo/draft/site', { config: { theme: { palette: { primary: '#0A7E8C' } } } }]);
    expect(new Headers(patch?.init.headers).get('Content-Type')).toBe('application/merge-patch+json');
    expect(queryClient.getQueryState(draft)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(audit)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(studioKeys.siteDraftDocument('demo'))).toEqual(saved);
    // The preview shows the draft: its new address reloads the frame.
    await waitFor(() => expect(screen.getByTitle('Preview of Marquee Cinemas').getAttribute('src')).toBe(previewAddress(2)));

    // Saved, the field is unchanged again: nothing more to send.
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(screen.getByTestId('studio-look-outcome').textContent).toBe('Nothing to save: no field has changed.'));
    expect(patches(calls)).toHaveLength(1);
  });

  it('shows a refusal naming a field (400) on that field', async () => {
    const message = 'config.theme.palette.primary: #FFFFFE cannot be told from the background';
    stubLookApi(editor, {
      'PATCH /sites/demo/draft/site': studioError(400, 'invalid_argument', message, 'config.theme.palette.primary'),
    });
    renderStudio('/sites/demo/look');
    const primary = await screen.findByLabelText('Primary');
    fireEvent.change(primary, { target: { value: '#FFFFFE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(primary.getAttribute('aria-invalid')).toBe('true'));
    const error = screen.getByText(message);
    expect(primary.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(primary);
    // Said on the field alone.
    const form = screen.getByRole('form', { name: 'The look and settings of Marquee Cinemas' });
    expect(within(form).getByRole('alert').textContent).toBe('');
  });

  it('refuses a colour that is not #RRGGBB, and sends nothing', async () => {
    const calls = stubLookApi(editor);
    renderStudio('/sites/demo/look');
    const accent = await screen.findByLabelText('Accent');
    fireEvent.change(accent, { target: { value: 'gold' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    expect(await screen.findByText('Enter a colour as # and six hex digits, such as #C8102E, or leave it empty.')).toBeTruthy();
    expect(accent.getAttribute('aria-invalid')).toBe('true');
    expect(patches(calls)).toEqual([]);
  });

  it('shows a viewer the values to read, and no way to save them', async () => {
    stubLookApi(viewer);
    renderStudio('/sites/demo/look');
    expect((await screen.findByTestId('studio-look-read-only')).textContent).toBe(
      'Your role lets you read the look and settings. Its editors, administrators and the operators change them.',
    );
    const primary = screen.getByLabelText<HTMLInputElement>('Primary');
    expect(primary.value).toBe('#C8102E');
    expect(primary.closest('fieldset:disabled')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Save to the draft' })).toBeNull();
    expect(await screen.findByTitle('Preview of Marquee Cinemas')).toBeTruthy();
  });

  it('says the site is no longer among those the staff member may open (404)', async () => {
    stubSignedIn(editor, [demo], { 'GET /sites/demo/draft/site': studioError(404, 'not_found', 'no such site') });
    renderStudio('/sites/demo/look');
    expect((await screen.findByTestId('studio-look-not-found')).textContent).toContain(
      'Marquee Cinemas is no longer among the sites you may open.',
    );
  });

  it('says so when the preview cannot be opened, and keeps the form', async () => {
    stubLookApi(editor, { 'GET /sites/demo/preview?path=%2F': studioError(503, 'unavailable', 'svc-studio is down') });
    renderStudio('/sites/demo/look');
    const problem = await screen.findByText('The preview of Marquee Cinemas could not be opened. Reload the page to try again.');
    expect(problem.getAttribute('role')).toBe('alert');
    expect(screen.queryByTitle('Preview of Marquee Cinemas')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Primary').value).toBe('#C8102E');
  });
});
