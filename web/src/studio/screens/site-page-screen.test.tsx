import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DraftPage, Me, PageRecord } from '../api';
import { studioKeys } from '../hooks/studio-keys';
import { lobby, seat } from '../testing/media-fixtures';
import { EVERY_KIND, pageAsAnswered } from '../testing/page-blocks';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { noAnswer, stubSignedIn, studioError, type StudioAnswer, type StudioAnswers, type StudioCall } from '../testing/studio-api';
import { demo, editor, single, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const accessibility: PageRecord = {
  id: 'p9',
  slug: 'accessibility',
  title: 'Accessibility at Marquee',
  blocks: EVERY_KIND,
  seoDescription: 'Step-free access at every theater.',
};

/** A page written before blocks: a heading and its paragraphs. */
const parking: PageRecord = { slug: 'parking', title: 'Parking', sections: [{ heading: 'Parking', paragraphs: ['Free after 6 PM.', 'Validate your ticket.'] }] };

const draftPages: DraftPage[] = [
  { slug: 'about', title: 'About us', state: 'published' },
  { slug: 'accessibility', title: 'Accessibility at Marquee', state: 'added' },
];

/** The studio's API for `me` on the demo site, its pages as above, their previews, and `answers` besides. */
function stubPagesApi(me: Me, answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], {
    'GET /sites/demo/draft/pages': { status: 200, body: draftPages },
    'GET /sites/demo/draft/pages/accessibility': { status: 200, body: accessibility },
    'GET /sites/demo/draft/pages/parking': { status: 200, body: parking },
    'GET /sites/demo/preview?path=%2Faccessibility%2F': { status: 200, body: { url: 'https://marquee.example/cms-preview/accessibility/?preview=t1' } },
    'GET /sites/demo/preview?path=%2Fparking%2F': { status: 200, body: { url: 'https://marquee.example/cms-preview/parking/?preview=t2' } },
    ...answers,
  });
}

const puts = (calls: StudioCall[]) => calls.filter(({ method }) => method === 'PUT');

/** The gateway's answer to a PUT of a page: the page as the draft now has it, in the shape GET answers it. */
const saved = (sent: unknown): StudioAnswer => ({ status: 200, body: pageAsAnswered(sent as PageRecord) });

/** The body's editor, once its chunk is in and Lexical has filled it. */
async function body() {
  return screen.findByRole('textbox', { name: 'Body' });
}

/** Whether closing or reloading the tab now would be asked first (a `beforeunload` listener cancels it). */
function closingIsAsked() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("a page's screen", () => {
  it('opens the page as the draft has it, its body in the editor, and saves it whole to the draft', async () => {
    const calls = stubPagesApi(editor, { 'PUT /sites/demo/draft/pages/accessibility': saved });
    const { queryClient } = renderStudio('/sites/demo/pages/accessibility');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page “accessibility” of Marquee Cinemas' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'The page “Accessibility at Marquee”' });
    expect(within(form).getByLabelText<HTMLInputElement>('Title').value).toBe('Accessibility at Marquee');
    expect(screen.getByTestId('studio-page-address').textContent).toContain('/accessibility/');
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Description').value).toBe('Step-free access at every theater.');
    const editable = await body();
    await waitFor(() => expect(within(editable).getByRole('heading', { level: 2, name: 'Accessibility at Marquee' })).toBeTruthy());
    expect(within(editable).getByRole('heading', { level: 3, name: 'Getting in' })).toBeTruthy();
    expect(within(editable).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Wheelchair spaces', 'Hearing loops', 'Book', 'Tell us']);
    expect(within(editable).getByRole('link', { name: 'our theaters' }).getAttribute('href')).toBe('/theaters/');
    expect(screen.getByRole('toolbar', { name: 'Formatting of the body' })).toBeTruthy();
    // The draft's changes and the list of pages, as other screens left them.
    queryClient.setQueryData(studioKeys.siteDraft('demo'), { changes: [], schedule: null });
    queryClient.setQueryData(studioKeys.siteDraftPages('demo'), draftPages);

    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Accessibility at Marquee Cinemas' } });
    expect(screen.getByTestId('studio-page-unsaved').textContent).toBe('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(screen.getByTestId('studio-page-outcome').textContent).toBe('Saved to the draft. Publish the draft to put it on the site.'));
    const [put] = puts(calls);
    expect(put?.path).toBe('/sites/demo/draft/pages/accessibility');
    expect(put?.body).toEqual({
      id: 'p9',
      slug: 'accessibility',
      title: 'Accessibility at Marquee Cinemas',
      sections: [],
      blocks: EVERY_KIND,
      seoDescription: 'Step-free access at every theater.',
    });
    expect(new Headers(put?.init.headers).get('Content-Type')).toBe('application/json');
    // The answer, the page as GET answers it, is kept as the page's.
    expect(queryClient.getQueryData(studioKeys.siteDraftPage('demo', 'accessibility'))).toEqual(pageAsAnswered(put?.body as PageRecord));
    // The publishing screen shows the draft's changes: asked for again, as the list of pages is.
    expect(queryClient.getQueryState(studioKeys.siteDraft('demo'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(studioKeys.siteDraftPages('demo'))?.isInvalidated).toBe(true);
    expect(screen.queryByTestId('studio-page-unsaved')).toBeNull();
  });

  it('opens a page of legacy sections as the heading and paragraphs they show, and saves them as blocks', async () => {
    const calls = stubPagesApi(editor, { 'PUT /sites/demo/draft/pages/parking': saved });
    renderStudio('/sites/demo/pages/parking');
    const editable = await body();
    await waitFor(() => expect(within(editable).getByRole('heading', { level: 2, name: 'Parking' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({
      slug: 'parking',
      title: 'Parking',
      sections: [],
      blocks: [
        { type: 'heading', level: 2, text: [{ text: 'Parking' }] },
        { type: 'paragraph', text: [{ text: 'Free after 6 PM.' }] },
        { type: 'paragraph', text: [{ text: 'Validate your ticket.' }] },
      ],
    });
  });

  it('offers who said the quote the cursor is in, and saves it with the quote', async () => {
    const quoted: PageRecord = { slug: 'reviews', title: 'Reviews', blocks: [{ type: 'quote', text: [{ text: 'The best seat in town.' }], caption: 'A regular' }] };
    const calls = stubPagesApi(editor, {
      'GET /sites/demo/draft/pages/reviews': { status: 200, body: quoted },
      'PUT /sites/demo/draft/pages/reviews': saved,
    });
    renderStudio('/sites/demo/pages/reviews');
    const editable = await body();
    const quote = await within(editable).findByText('The best seat in town.');
    // The cursor in the quote, as a click would put it.
    editable.focus();
    const text = quote.firstChild ?? quote;
    document.getSelection()?.collapse(text, 3);
    document.dispatchEvent(new Event('selectionchange'));
    const who = await screen.findByLabelText<HTMLInputElement>('Who said it (optional)');
    expect(who.value).toBe('A regular');
    expect(screen.getByRole('button', { name: 'Quote' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(who, { target: { value: 'A regular, since 1998' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as PageRecord).blocks).toEqual([
      { type: 'quote', text: [{ text: 'The best seat in town.' }], caption: 'A regular, since 1998' },
    ]);
  });

  it('sets a link on the text selected, refusing an address the site would not take', async () => {
    const plain: PageRecord = { slug: 'visit', title: 'Visit', blocks: [{ type: 'paragraph', text: [{ text: 'Find your theater' }] }] };
    const calls = stubPagesApi(editor, {
      'GET /sites/demo/draft/pages/visit': { status: 200, body: plain },
      'PUT /sites/demo/draft/pages/visit': saved,
    });
    renderStudio('/sites/demo/pages/visit');
    const editable = await body();
    const paragraph = await within(editable).findByText('Find your theater');
    // "theater" selected, as a drag or Shift and the arrows would select it.
    editable.focus();
    const text = paragraph.firstChild ?? paragraph;
    document.getSelection()?.setBaseAndExtent(text, 10, text, 17);
    document.dispatchEvent(new Event('selectionchange'));
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting of the body' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const field = await screen.findByLabelText('Address of the link');
    fireEvent.change(field, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the link' }));
    expect(
      await screen.findByText(
        'The site cannot link to this address. Use a path on the site, such as /theaters/, or an address starting with https://, http://, mailto: or tel:.',
      ),
    ).toBeTruthy();
    expect(within(editable).queryByRole('link')).toBeNull();

    fireEvent.change(field, { target: { value: '/theaters/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the link' }));
    expect((await within(editable).findByRole('link', { name: 'theater' })).getAttribute('href')).toBe('/theaters/');
    expect(screen.queryByLabelText('Address of the link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as PageRecord).blocks).toEqual([{ type: 'paragraph', text: [{ text: 'Find your ' }, { text: 'theater', link: '/theaters/' }] }]);
  });

  it('keeps the text of a pasted link the site would not take, but not its link', async () => {
    const plain: PageRecord = { slug: 'visit', title: 'Visit', blocks: [{ type: 'paragraph', text: [{ text: 'Go ' }] }] };
    const calls = stubPagesApi(editor, {
      'GET /sites/demo/draft/pages/visit': { status: 200, body: plain },
      'PUT /sites/demo/draft/pages/visit': saved,
    });
    renderStudio('/sites/demo/pages/visit');
    const editable = await body();
    const paragraph = await within(editable).findByText('Go');
    // The cursor after "Go ", and HTML pasted there, as from another page.
    editable.focus();
    document.getSelection()?.collapse(paragraph.firstChild ?? paragraph, 3);
    document.dispatchEvent(new Event('selectionchange'));
    const pasted: Record<string, string> = {
      'text/html': '<a href="javascript:alert(1)">here</a>, <a href="https://example.org/\ufeff">there</a> or <a href="/theaters/">our theaters</a>',
      'text/plain': 'here, there or our theaters',
    };
    fireEvent.paste(editable, { clipboardData: { types: Object.keys(pasted), getData: (type: string) => pasted[type] ?? '' } });
    expect((await within(editable).findByRole('link', { name: 'our theaters' })).getAttribute('href')).toBe('/theaters/');
    expect(within(editable).getAllByRole('link')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as PageRecord).blocks).toEqual([
      { type: 'paragraph', text: [{ text: 'Go here, there or ' }, { text: 'our theaters', link: '/theaters/' }] },
    ]);
  });

  it("has a toolbar of one tab stop, its arrows moving between its buttons, which say what the selection is", async () => {
    const plain: PageRecord = { slug: 'visit', title: 'Visit', blocks: [{ type: 'paragraph', text: [{ text: 'Bold words' }] }] };
    const calls = stubPagesApi(editor, {
      'GET /sites/demo/draft/pages/visit': { status: 200, body: plain },
      'PUT /sites/demo/draft/pages/visit': saved,
    });
    renderStudio('/sites/demo/pages/visit');
    const editable = await body();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting of the body' });
    const tools = within(toolbar).getAllByRole('button');
    expect(tools.map((tool) => tool.textContent)).toEqual([
      'Undo',
      'Redo',
      'Paragraph',
      'Heading',
      'Subheading',
      'Bold',
      'Italic',
      'Link',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Divider',
      'Image',
      'Button link',
    ]);
    expect(tools.filter((tool) => tool.tabIndex === 0)).toEqual([tools[0]]);
    tools[0]?.focus();
    fireEvent.keyDown(tools[0] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tools[1]);
    fireEvent.keyDown(tools[1] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(tools.at(-1));
    expect(tools.at(-1)?.tabIndex).toBe(0);
    fireEvent.keyDown(tools.at(-1) as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tools[0]);

    // "Bold" selected, and made bold from the toolbar.
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    editable.focus();
    const text = within(editable).getByText('Bold words').firstChild as Node;
    document.getSelection()?.setBaseAndExtent(text, 0, text, 4);
    document.dispatchEvent(new Event('selectionchange'));
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Paragraph' }).getAttribute('aria-pressed')).toBe('true'));
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bold);
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('true'));
    expect(within(toolbar).getByRole('button', { name: 'Undo' }).getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as PageRecord).blocks).toEqual([{ type: 'paragraph', text: [{ text: 'Bold', bold: true }, { text: ' words' }] }]);
  });

  it('changes an image and removes a divider from the buttons they carry in the body', async () => {
    const gallery: PageRecord = {
      slug: 'gallery',
      title: 'Gallery',
      blocks: [{ type: 'image', src: 'https://images.example.org/seat.jpg', alt: 'A seat' }, { type: 'divider' }, { type: 'paragraph', text: [{ text: 'End' }] }],
    };
    const calls = stubPagesApi(editor, {
      'GET /sites/demo/draft/pages/gallery': { status: 200, body: gallery },
      'PUT /sites/demo/draft/pages/gallery': saved,
    });
    renderStudio('/sites/demo/pages/gallery');
    const editable = await body();
    fireEvent.click(await within(editable).findByRole('button', { name: 'Change the image “A seat”' }));
    const form = screen.getByRole('group', { name: 'Change the image' });
    expect(within(form).getByLabelText<HTMLInputElement>('Address of the image').value).toBe('https://images.example.org/seat.jpg');
    fireEvent.change(within(form).getByLabelText('Alt text'), { target: { value: 'A wheelchair space' } });
    fireEvent.change(within(form).getByLabelText('Caption (optional)'), { target: { value: 'Row F' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change the image' }));
    expect(await within(editable).findByRole('img', { name: 'A wheelchair space' })).toBeTruthy();
    fireEvent.click(within(editable).getByRole('button', { name: 'Remove the divider' }));
    await waitFor(() => expect(editable.querySelector('hr')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as PageRecord).blocks).toEqual([
      { type: 'image', src: 'https://images.example.org/seat.jpg', alt: 'A wheelchair space', caption: 'Row F' },
      { type: 'paragraph', text: [{ text: 'End' }] },
    ]);
  });

  it('links to the page as the draft has it, in a new tab, and to the publishing of the draft', async () => {
    stubPagesApi(editor);
    renderStudio('/sites/demo/pages/accessibility');
    const preview = await screen.findByRole('link', { name: 'Preview the page (opens in a new tab)' });
    expect(preview.getAttribute('href')).toBe('https://marquee.example/cms-preview/accessibility/?preview=t1');
    expect(preview.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Publish the draft to put it on the site' }).getAttribute('href')).toBe('/sites/demo/publishing');
  });

  it('says a refusal of the body beside the editor, naming the block', async () => {
    const message = "'javascript:alert(1)' is not a link a page may hold: a path on the site (/theaters/), or an http, https, mailto or tel address";
    stubPagesApi(editor, { 'PUT /sites/demo/draft/pages/accessibility': studioError(400, 'invalid_argument', message, 'blocks[2].text[7].link') });
    renderStudio('/sites/demo/pages/accessibility');
    const editable = await body();
    await waitFor(() => expect(within(editable).getByRole('heading', { level: 2 })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    const fault = screen.getByTestId('studio-page-body-fault');
    await waitFor(() => expect(fault.textContent).toBe(`Block 3 (paragraph “Every screen has step-free access…”), its link: ${message}`));
    expect(fault.getAttribute('role')).toBe('alert');
    expect(editable.getAttribute('aria-invalid')).toBe('true');
    expect(editable.getAttribute('aria-describedby')).toContain(fault.id);
    expect(screen.getByTestId('studio-page-failure').textContent).toBe('');
  });

  it('refuses a body holding a link the site would not take, before anything is sent', async () => {
    const unsafe: PageRecord = { slug: 'offers', title: 'Offers', blocks: [{ type: 'paragraph', text: [{ text: 'Win', link: 'javascript:alert(1)' }] }] };
    const calls = stubPagesApi(editor, { 'GET /sites/demo/draft/pages/offers': { status: 200, body: unsafe } });
    renderStudio('/sites/demo/pages/offers');
    await body();
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() =>
      expect(screen.getByTestId('studio-page-body-fault').textContent).toBe(
        'Block 1 (paragraph “Win”), its link: the site cannot link to this address. Use a path on the site, such as /theaters/, or an address starting with https://, http://, mailto: or tel:.',
      ),
    );
    expect(puts(calls)).toEqual([]);
  });

  it('asks before the tab is closed or reloaded while its changes are unsaved, and not once they are saved or it is left', async () => {
    stubPagesApi(editor, { 'PUT /sites/demo/draft/pages/accessibility': saved });
    const view = renderStudio('/sites/demo/pages/accessibility');
    const form = await screen.findByRole('form', { name: 'The page “Accessibility at Marquee”' });
    await body();
    expect(closingIsAsked()).toBe(false);

    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Accessibility at Marquee Cinemas' } });
    expect(screen.getByTestId('studio-page-unsaved')).toBeTruthy();
    expect(closingIsAsked()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(screen.queryByTestId('studio-page-unsaved')).toBeNull());
    expect(closingIsAsked()).toBe(false);

    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Accessibility' } });
    expect(closingIsAsked()).toBe(true);
    view.unmount();
    expect(closingIsAsked()).toBe(false);
  });

  it('says the page is not in the draft (404)', async () => {
    stubPagesApi(editor, { 'GET /sites/demo/draft/pages/gone': studioError(404, 'not_found', 'no such page') });
    renderStudio('/sites/demo/pages/gone');
    expect((await screen.findByTestId('studio-page-not-found')).textContent).toBe(
      'The draft of Marquee Cinemas has no page at /gone/: it was removed, or never made.',
    );
  });

  it('removes the page from the site in the draft, once confirmed, and says so on the list', async () => {
    const calls = stubPagesApi(editor, { 'DELETE /sites/demo/draft/pages/accessibility': { status: 204 } });
    renderStudio('/sites/demo/pages/accessibility');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove from the site' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Accessibility at Marquee” from the site?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the page' }));
    await waitFor(() => expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo/pages'));
    expect(calls.filter(({ method }) => method === 'DELETE').map(({ path, body }) => [path, body])).toEqual([['/sites/demo/draft/pages/accessibility', {}]]);
    expect((await screen.findByTestId('studio-pages-outcome')).textContent).toBe(
      '“Accessibility at Marquee” is removed in the draft. Publish the draft to take it off the site.',
    );
  });

  it('opens a page it showed before as the draft has it now, never the copy it kept (a save would overwrite what was saved since)', async () => {
    let answer: PageRecord = accessibility;
    const calls = stubPagesApi(editor, { 'GET /sites/demo/draft/pages/accessibility': () => ({ status: 200, body: answer }) });
    renderStudio('/sites/demo/pages/accessibility');
    expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo/pages/accessibility');
    expect((await screen.findByLabelText<HTMLInputElement>('Title')).value).toBe('Accessibility at Marquee');
    fireEvent.click(screen.getByRole('link', { name: 'All pages of Marquee Cinemas' }));
    // Another editor saves the page meanwhile.
    answer = { ...accessibility, title: 'Accessibility at every Marquee' };
    fireEvent.click(await screen.findByRole('link', { name: 'Accessibility at Marquee' }));
    // The copy kept is not shown while the page is asked for again.
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect((await screen.findByLabelText<HTMLInputElement>('Title')).value).toBe('Accessibility at every Marquee');
    expect(calls.filter(({ method, path }) => method === 'GET' && path === '/sites/demo/draft/pages/accessibility')).toHaveLength(2);
  });

  it.each([
    [studioError(403, 'permission_denied', 'may not edit content'), 'Your role on Marquee Cinemas does not let you change its pages.'],
    [noAnswer, 'The page could not be saved: the studio did not answer. Your changes are still here: check your connection and try again.'],
  ])('says why a save failed (%j), on the page', async (answer, text) => {
    const calls = stubPagesApi(editor, { 'PUT /sites/demo/draft/pages/accessibility': answer });
    renderStudio('/sites/demo/pages/accessibility');
    await body();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Accessibility' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    const failure = screen.getByTestId('studio-page-failure');
    await waitFor(() => expect(failure.textContent).toBe(text));
    expect(failure.getAttribute('role')).toBe('alert');
    expect(puts(calls)).toHaveLength(1);
    expect(screen.getByTestId('studio-page-outcome').textContent).toBe('');
    expect(screen.getByTestId('studio-page-unsaved').textContent).toBe('Unsaved changes');
  });

  it("says the studio's service is away (503) and keeps what was typed, saved whole once it is back", async () => {
    const plain: PageRecord = { slug: 'visit', title: 'Visit', blocks: [{ type: 'paragraph', text: [{ text: 'Find your theater' }] }] };
    let available = false;
    const calls = stubPagesApi(editor, {
      'GET /sites/demo/draft/pages/visit': { status: 200, body: plain },
      'PUT /sites/demo/draft/pages/visit': (sent) => (available ? saved(sent) : studioError(503, 'unavailable', 'svc-studio is down')),
    });
    renderStudio('/sites/demo/pages/visit');
    const editable = await body();
    const paragraph = await within(editable).findByText('Find your theater');
    // "theater" made bold, as Ctrl+B on the selection makes it.
    editable.focus();
    const text = paragraph.firstChild ?? paragraph;
    document.getSelection()?.setBaseAndExtent(text, 10, text, 17);
    document.dispatchEvent(new Event('selectionchange'));
    const bold = within(screen.getByRole('toolbar', { name: 'Formatting of the body' })).getByRole('button', { name: 'Bold' });
    fireEvent.click(bold);
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Visit us' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() =>
      expect(screen.getByTestId('studio-page-failure').textContent).toBe(
        "The page could not be saved: the studio's service is unavailable. Your changes are still here: try again in a moment.",
      ),
    );
    // Nothing lost: the title and the body as typed, still to save.
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Visit us');
    expect(within(editable).getByText('theater').closest('strong')).not.toBeNull();
    expect(screen.getByTestId('studio-page-unsaved').textContent).toBe('Unsaved changes');

    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(screen.getByTestId('studio-page-outcome').textContent).toBe('Saved to the draft. Publish the draft to put it on the site.'));
    expect(screen.getByTestId('studio-page-failure').textContent).toBe('');
    expect(puts(calls).map(({ body }) => body)).toEqual([
      { slug: 'visit', title: 'Visit us', sections: [], blocks: [{ type: 'paragraph', text: [{ text: 'Find your ' }, { text: 'theater', bold: true }] }] },
      { slug: 'visit', title: 'Visit us', sections: [], blocks: [{ type: 'paragraph', text: [{ text: 'Find your ' }, { text: 'theater', bold: true }] }] },
    ]);
  });

  it('says the role may not remove the page (403), and keeps it open', async () => {
    stubPagesApi(editor, { 'DELETE /sites/demo/draft/pages/accessibility': studioError(403, 'permission_denied', 'may not edit content') });
    renderStudio('/sites/demo/pages/accessibility');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove from the site' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove the page' }));
    await waitFor(() =>
      expect(screen.getByTestId('studio-page-failure').textContent).toBe('Your role on Marquee Cinemas does not let you change its pages.'),
    );
    expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo/pages/accessibility');
    expect(screen.getByRole('button', { name: 'Remove from the site' })).toBeTruthy();
  });

  it('shows a viewer the page to read, and no way to change it', async () => {
    const calls = stubPagesApi(viewer);
    renderStudio('/sites/demo/pages/accessibility');
    expect((await screen.findByTestId('studio-page-read-only')).textContent).toBe(
      'Your role lets you read this page. Its editors, administrators and the operators change it.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Title').closest('fieldset:disabled')).not.toBeNull();
    const editable = await body();
    expect(editable.getAttribute('aria-readonly')).toBe('true');
    // Its links are the site's addresses: followed in the studio's tab, they would leave the page for a studio path.
    const theaters = await within(editable).findByRole('link', { name: 'our theaters' });
    expect(fireEvent.click(theaters)).toBe(false);
    expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo/pages/accessibility');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save to the draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove from the site' })).toBeNull();
    expect(screen.queryByRole('button', { name: /from the media library$/ })).toBeNull();
    expect(puts(calls)).toEqual([]);
  });

  it("takes its link preview image from the site's media library, by its path, and saves it", async () => {
    const calls = stubPagesApi(editor, {
      'GET /sites/demo/media': { status: 200, body: [lobby, seat] },
      'PUT /sites/demo/draft/pages/accessibility': saved,
    });
    renderStudio('/sites/demo/pages/accessibility');
    const form = await screen.findByRole('form', { name: 'The page “Accessibility at Marquee”' });
    await body();
    // The library is asked for once the picker is opened, never with the page.
    expect(calls.some(({ path }) => path.startsWith('/sites/demo/media'))).toBe(false);
    fireEvent.click(within(form).getByRole('button', { name: 'Choose the link preview image from the media library' }));
    const images = await screen.findByRole('list', { name: 'Images to choose the link preview image from' });
    fireEvent.click(within(images).getByRole('button', { name: /^The lobby, with its ramp/ }));
    const seoImage = within(form).getByLabelText<HTMLInputElement>('Image');
    expect(seoImage.value).toBe('/media/m2.jpg');
    await waitFor(() => expect(document.activeElement).toBe(seoImage));
    expect(screen.getByTestId('studio-page-unsaved').textContent).toBe('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as PageRecord).seoImage).toBe('/media/m2.jpg');
  });

  it("inserts an image block chosen from the site's media library: its path and alt text, the alt text the page's to change", async () => {
    const gallery: PageRecord = { slug: 'gallery', title: 'Gallery', blocks: [{ type: 'paragraph', text: [{ text: 'Our lobby' }] }] };
    const calls = stubPagesApi(editor, {
      'GET /sites/demo/draft/pages/gallery': { status: 200, body: gallery },
      'GET /sites/demo/media': { status: 200, body: [lobby, seat] },
      'PUT /sites/demo/draft/pages/gallery': saved,
    });
    renderStudio('/sites/demo/pages/gallery');
    const editable = await body();
    await within(editable).findByText('Our lobby');
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Formatting of the body' })).getByRole('button', { name: 'Image' }));
    const panel = screen.getByRole('group', { name: 'New image' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Choose the image from the media library' }));
    fireEvent.click(within(await within(panel).findByRole('list', { name: 'Images to choose the image from' })).getByRole('button', { name: /^A wheelchair space/ }));
    expect(within(panel).getByLabelText<HTMLInputElement>('Address of the image').value).toBe('/media/m1.jpg');
    fireEvent.change(within(panel).getByLabelText('Alt text'), { target: { value: 'A wheelchair space, by the aisle of screen 2' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Insert the image' }));
    const figure = await within(editable).findByRole('img', { name: 'A wheelchair space, by the aisle of screen 2' });
    expect(figure.getAttribute('src')).toBe('https://marquee.example/media/m1.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as PageRecord).blocks).toContainEqual({ type: 'image', src: '/media/m1.jpg', alt: 'A wheelchair space, by the aisle of screen 2' });
  });
});

describe('a new page', () => {
  /** Fills the new page's title and address. */
  async function fillNewPage(title: string, slug: string) {
    const form = await screen.findByRole('form', { name: 'The new page' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: title } });
    fireEvent.change(within(form).getByLabelText('Address'), { target: { value: slug } });
    await body();
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
  }

  it("is saved at the address typed, and opens as that page's screen", async () => {
    const calls = stubPagesApi(editor, {
      'PUT /sites/demo/draft/pages/opening-hours': saved,
      'GET /sites/demo/draft/pages/opening-hours': { status: 200, body: pageAsAnswered({ slug: 'opening-hours', title: 'Opening hours' }) },
      'GET /sites/demo/preview?path=%2Fopening-hours%2F': { status: 200, body: { url: 'https://marquee.example/cms-preview/opening-hours/?preview=t3' } },
    });
    renderStudio('/sites/demo/new-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'New page of Marquee Cinemas' })).toBeTruthy();
    await fillNewPage('Opening hours', 'opening-hours');
    await waitFor(() => expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo/pages/opening-hours'));
    expect(puts(calls).map(({ path, body }) => [path, body])).toEqual([
      ['/sites/demo/draft/pages/opening-hours', { slug: 'opening-hours', title: 'Opening hours', sections: [], blocks: [] }],
    ]);
    expect((await screen.findByTestId('studio-page-outcome')).textContent).toBe('Saved to the draft. Publish the draft to put it on the site.');
    // Saved, the page keeps its address: no field for it any more.
    expect(screen.getByTestId('studio-page-address').textContent).toContain('/opening-hours/');
    // Said once: the history entry forgets it, so that a reload or Back does not say it again.
    await waitFor(() => expect(screen.getByTestId('studio-address').dataset.state).toBeUndefined());
    expect(screen.getByTestId('studio-page-outcome').textContent).toBe('Saved to the draft. Publish the draft to put it on the site.');
  });

  it("is marked in the site's screens as one of its pages", async () => {
    stubPagesApi(editor);
    renderStudio('/sites/demo/new-page');
    await screen.findByRole('form', { name: 'The new page' });
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Pages' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Pages' }).getAttribute('href')).toBe('/sites/demo/pages');
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
  });

  it('takes a divider, an image and a button link from the toolbar, saved as blocks', async () => {
    const calls = stubPagesApi(editor, {
      'PUT /sites/demo/draft/pages/visit': saved,
      'GET /sites/demo/preview?path=%2Fvisit%2F': { status: 200, body: { url: 'https://marquee.example/cms-preview/visit/?preview=t4' } },
    });
    renderStudio('/sites/demo/new-page');
    await body();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting of the body' });
    expect(within(toolbar).getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(toolbar).getByRole('button', { name: 'Bold' }).getAttribute('aria-keyshortcuts')).toBe('Control+B Meta+B');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Divider' }));

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Image' }));
    const image = screen.getByRole('group', { name: 'New image' });
    fireEvent.change(within(image).getByLabelText('Address of the image'), { target: { value: '/media/lobby.jpg' } });
    fireEvent.change(within(image).getByLabelText('Alt text'), { target: { value: 'The lobby, with its ramp' } });
    fireEvent.click(within(image).getByRole('button', { name: 'Insert the image' }));
    const figure = await within(await body()).findByRole('img', { name: 'The lobby, with its ramp' });
    // Shown from the site's own host: the studio has a host of its own.
    expect(figure.getAttribute('src')).toBe('https://marquee.example/media/lobby.jpg');

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Button link' }));
    const button = screen.getByRole('group', { name: 'New button link' });
    fireEvent.change(within(button).getByLabelText('Label'), { target: { value: 'Book a space' } });
    fireEvent.change(within(button).getByLabelText('Address'), { target: { value: '/theaters/' } });
    fireEvent.click(within(button).getByRole('button', { name: 'Insert the button link' }));
    await within(await body()).findByText('Book a space');
    expect(screen.getByTestId('studio-page-unsaved')).toBeTruthy();

    await fillNewPage('Visit us', 'visit');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({
      slug: 'visit',
      title: 'Visit us',
      sections: [],
      blocks: [
        { type: 'divider' },
        { type: 'image', src: '/media/lobby.jpg', alt: 'The lobby, with its ramp' },
        { type: 'button', label: 'Book a space', href: '/theaters/' },
      ],
    });
  });

  it('shows the refusal of its address (400 naming `slug`) on the address field, which takes the focus', async () => {
    const message = "'movies' is taken by the site's own routes (/movies/...): choose another slug";
    stubPagesApi(editor, { 'PUT /sites/demo/draft/pages/movies': studioError(400, 'invalid_argument', message, 'slug') });
    renderStudio('/sites/demo/new-page');
    await fillNewPage('Our movies', 'movies');
    const slug = screen.getByLabelText('Address');
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    const error = screen.getByText(message);
    expect(slug.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(slug);
    // Said on the field alone.
    expect(screen.getByTestId('studio-page-failure').textContent).toBe('');
    expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo/new-page');
  });

  it('refuses an address that is no slug, or one a page has already, and sends nothing', async () => {
    const calls = stubPagesApi(editor);
    renderStudio('/sites/demo/new-page');
    await fillNewPage('About', 'About Us');
    expect(await screen.findByText('Use lower-case letters, digits and - only, such as accessibility.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'about' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    expect(
      await screen.findByText('The site has a page at /about/ already: choose another address, or open that page from the list of pages.'),
    ).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it("is not saved before the site's pages are known, its address perhaps one of theirs, and says why", async () => {
    const calls = stubPagesApi(editor);
    // The list of pages on its way, and still on it.
    const answering = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => (url.endsWith('/draft/pages') ? new Promise<Response>(() => undefined) : answering(url, init))),
    );
    renderStudio('/sites/demo/new-page');
    await fillNewPage('About us', 'about');
    expect(
      await screen.findByText(
        "The site's pages are still loading: a new page is saved once its address is checked against theirs. Save again in a moment.",
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Address'));
    expect(puts(calls)).toEqual([]);
  });

  it("is not saved where the site's pages could not be loaded, asks for them again, and is saved once they are", async () => {
    let listed = false;
    const calls = stubPagesApi(editor, {
      'GET /sites/demo/draft/pages': () => (listed ? { status: 200, body: draftPages } : studioError(503, 'unavailable', 'svc-studio is down')),
      'PUT /sites/demo/draft/pages/opening-hours': saved,
    });
    const { queryClient } = renderStudio('/sites/demo/new-page');
    await fillNewPage('Opening hours', 'opening-hours');
    expect(
      await screen.findByText(
        "The site's pages could not be loaded, so the address could not be checked against theirs: the page was not saved. Save again to try once more.",
      ),
    ).toBeTruthy();
    expect(puts(calls)).toEqual([]);

    listed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(queryClient.getQueryState(studioKeys.siteDraftPages('demo'))?.status).toBe('success'));
    expect(puts(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
  });

  it('is not offered to a viewer', async () => {
    stubPagesApi(viewer);
    renderStudio('/sites/demo/new-page');
    expect((await screen.findByTestId('studio-page-refused')).textContent).toBe(
      'Your role on Marquee Cinemas does not let you add pages. Its editors, administrators and the operators do.',
    );
    expect(screen.queryByRole('form', { name: 'The new page' })).toBeNull();
  });
});
