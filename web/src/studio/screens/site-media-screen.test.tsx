import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MediaItem, Me } from '../api';
import { lobby, seat } from '../testing/media-fixtures';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswers, type StudioCall } from '../testing/studio-api';
import { admin, demo, editor, single, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

/** What the library holds after an upload: the new image, newest first. */
const poster: MediaItem = {
  id: 'm3',
  path: '/media/m3.jpg',
  url: 'https://marquee.example/media/m3.jpg',
  alt: 'The poster of our film festival',
  fileName: 'festival.jpg',
  width: 1200,
  height: 1800,
  bytes: 480_000,
  thumbnailUrl: 'https://marquee.example/media/m3-480.webp',
  uploadedAt: '2026-12-05T10:00:00Z',
  uploadedBy: 'Grace Hopper',
};

/** The studio's API for `me` on the demo site, its library `items` (an array the test may change), and `answers` besides. */
function stubMediaApi(me: Me, items: MediaItem[], answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], {
    'GET /sites/demo/media': () => ({ status: 200, body: items }),
    ...answers,
  });
}

/** The images listed, each as its lines of text. */
function listed(): (string | null)[][] {
  const list = screen.queryByTestId('studio-media');
  if (!list) return [];
  return within(list)
    .getAllByTestId('studio-media-item')
    .map((item) => Array.from(item.querySelectorAll('p'), (line) => line.textContent).filter((line) => line !== ''));
}

const listReads = (calls: StudioCall[]) => calls.filter(({ method, path }) => method === 'GET' && path.startsWith('/sites/demo/media')).length;
const changes = (calls: StudioCall[]) => calls.filter(({ method }) => method !== 'GET');

const uploadForm = () => screen.getByRole('form', { name: 'Add an image' });
const fileField = () => within(uploadForm()).getByLabelText<HTMLInputElement>('Image file');
const altField = () => within(uploadForm()).getByLabelText<HTMLInputElement>('Alt text');
const addButton = () => within(uploadForm()).getByRole('button', { name: 'Add the image' });
const jpeg = (name = 'festival.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

/** Chooses `file` in the input, as the browser's file dialog does. */
function choose(input: HTMLInputElement, file: File) {
  fireEvent.change(input, { target: { files: [file] } });
}

/** The card of the image whose alt text is `alt`. */
function card(alt: string): HTMLElement {
  const found = screen.getAllByTestId('studio-media-item').find((item) => item.querySelector('p')?.textContent === alt);
  if (!found) throw new Error(`no image “${alt}” listed`);
  return found;
}

describe("a site's media library", () => {
  it('lists the images, newest first: thumbnail from the site, alt text, file, size, path, when and by whom', async () => {
    stubMediaApi(viewer, [lobby, seat]);
    renderStudio('/sites/demo/media');
    expect(await screen.findByRole('heading', { level: 1, name: 'Media of Marquee Cinemas' })).toBeTruthy();
    await screen.findByTestId('studio-media');
    expect(listed()).toEqual([
      [
        'The lobby, with its ramp',
        'File lobby.jpg',
        '1,600 × 1,067 pixels, 1.3 MB',
        'Pages name it /media/m2.jpg',
        expect.stringMatching(/^Uploaded on Dec 4, 2026, .+ by Grace Hopper$/),
      ],
      [
        'A wheelchair space in screen 2',
        'File seat.png',
        '800 × 600 pixels, 244 KB',
        'Pages name it /media/m1.jpg',
        expect.stringMatching(/^Uploaded on Dec 3, 2026, .+ by Ed Admin$/),
      ],
    ]);
    const thumbnail = within(card('The lobby, with its ramp')).getByRole('img', { name: 'The lobby, with its ramp' });
    expect(thumbnail.getAttribute('src')).toBe('https://marquee.example/media/m2-480.webp');
    expect(card('The lobby, with its ramp').querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-04T09:30:00Z');
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Media' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Media of Marquee Cinemas | Studio'));
  });

  it('shows a viewer the images to read, without the upload form or a way to change them', async () => {
    const calls = stubMediaApi(viewer, [lobby, seat]);
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    expect(screen.getByTestId('studio-media-read-only').textContent).toBe(
      'Your role lets you see the images. Its editors, administrators and the operators add and change them.',
    );
    expect(screen.queryByRole('form', { name: 'Add an image' })).toBeNull();
    expect(within(screen.getByTestId('studio-media')).queryAllByRole('button')).toEqual([]);
    // The search is everyone's.
    expect(screen.getByRole('search', { name: 'Search the images of Marquee Cinemas' })).toBeTruthy();
    expect(changes(calls)).toEqual([]);
  });

  it('says when the library has no image yet', async () => {
    stubMediaApi(editor, []);
    renderStudio('/sites/demo/media');
    expect((await screen.findByTestId('studio-media-none')).textContent).toBe('Marquee Cinemas has no image yet.');
    expect(uploadForm()).toBeTruthy();
  });

  it('adds an image: its file and alt text sent as multipart form data; the list is asked again, the form emptied, and it says the site is publishing it', async () => {
    const items = [lobby, seat];
    const calls = stubMediaApi(editor, items, {
      'POST /sites/demo/media': () => {
        items.unshift(poster);
        return { status: 201, body: { id: 'm3', url: 'https://marquee.example/media/m3.jpg', width: 1200, height: 1800 } };
      },
    });
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    const file = jpeg();
    choose(fileField(), file);
    fireEvent.change(altField(), { target: { value: '  The poster of our film festival  ' } });
    fireEvent.click(addButton());

    await waitFor(() =>
      expect(screen.getByTestId('studio-media-upload-outcome').textContent).toBe(
        'The image “The poster of our film festival” was added. The site publishes it within a few seconds.',
      ),
    );
    const [upload, ...others] = changes(calls);
    expect(others).toEqual([]);
    expect(upload?.method).toBe('POST');
    expect(upload?.path).toBe('/sites/demo/media');
    const sent = upload?.init.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBe(file);
    expect((sent as FormData).get('alt')).toBe('The poster of our film festival');
    // The browser sets the Content-Type, with the form's boundary: the studio sets none.
    expect(upload?.init.headers).toEqual({ Accept: 'application/json' });

    await waitFor(() => expect(listed().map(([alt]) => alt)).toEqual(['The poster of our film festival', 'The lobby, with its ramp', 'A wheelchair space in screen 2']));
    expect(listReads(calls)).toBe(2);
    expect(altField().value).toBe('');
  });

  it('checks the file and the alt text before it sends anything', async () => {
    const calls = stubMediaApi(editor, [lobby]);
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    fireEvent.click(addButton());
    await waitFor(() => expect(fileField().getAttribute('aria-invalid')).toBe('true'));
    expect(within(uploadForm()).getByText('Choose an image file.')).toBeTruthy();
    expect(within(uploadForm()).getByText('Say what the image shows.')).toBeTruthy();
    expect(altField().getAttribute('aria-invalid')).toBe('true');

    choose(fileField(), new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }));
    // A text input drops a line break as it is typed or pasted; a tab stays.
    fireEvent.change(altField(), { target: { value: 'Our logo\tin red' } });
    fireEvent.click(addButton());
    expect(
      await within(uploadForm()).findByText('Choose a JPEG, PNG or WebP image: the library takes no other kind, such as an SVG or a GIF.'),
    ).toBeTruthy();
    expect(within(uploadForm()).getByText('Keep the alt text on one line.')).toBeTruthy();

    fireEvent.change(altField(), { target: { value: 'a'.repeat(501) } });
    fireEvent.click(addButton());
    expect(await within(uploadForm()).findByText('The alt text can be 500 characters at most.')).toBeTruthy();
    expect(changes(calls)).toEqual([]);
  });

  it("puts the server's refusal of the alt text (400 naming `alt`) on its field, and focuses it", async () => {
    stubMediaApi(editor, [lobby], {
      'POST /sites/demo/media': studioError(400, 'invalid_argument', 'alt: no control characters or line breaks', 'alt'),
    });
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    choose(fileField(), jpeg());
    fireEvent.change(altField(), { target: { value: 'The poster\u2028of our festival' } });
    fireEvent.click(addButton());
    await waitFor(() => expect(altField().getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(altField());
    const error = within(uploadForm()).getByText('alt: no control characters or line breaks');
    expect(altField().getAttribute('aria-describedby')).toContain(error.id);
    expect(fileField().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('studio-media-upload-outcome').textContent).toBe('');
    // What was typed stays, to be corrected.
    expect(altField().value).toBe('The poster\u2028of our festival');
  });

  it.each([
    [studioError(400, 'invalid_argument', 'file: the bytes are not the image/jpeg they say', 'file'), 'file: the bytes are not the image/jpeg they say'],
    [studioError(413, 'payload_too_large', 'file: an image is at most 10 MiB'), 'The image can be 10 MB at most.'],
  ])("puts the server's refusal of the file on its field, and focuses it (%j)", async (answer, text) => {
    stubMediaApi(editor, [lobby], { 'POST /sites/demo/media': answer });
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    choose(fileField(), jpeg('mislabelled.jpg'));
    fireEvent.change(altField(), { target: { value: 'The poster' } });
    fireEvent.click(addButton());
    await waitFor(() => expect(fileField().getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(fileField());
    expect(within(uploadForm()).getByText(text)).toBeTruthy();
    expect(altField().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('studio-media-upload-outcome').textContent).toBe('');
  });

  it.each([
    [studioError(422, 'failed_precondition', "the site's share of the store is full (2,048 MB)"), "The studio did not add the image: the site's share of the store is full (2,048 MB)"],
    [studioError(403, 'permission_denied', 'not an editor of demo'), 'Your role on Marquee Cinemas does not allow you to add images.'],
    [studioError(503, 'service_unavailable', 'svc-catalogue is unavailable'), "The image could not be added: the studio's service is unavailable. Try again in a moment."],
  ])('says why no image was added (%j)', async (answer, text) => {
    stubMediaApi(editor, [lobby], { 'POST /sites/demo/media': answer });
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    choose(fileField(), jpeg());
    fireEvent.change(altField(), { target: { value: 'The poster' } });
    fireEvent.click(addButton());
    await waitFor(() => expect(screen.getByTestId('studio-media-upload-outcome').textContent).toBe(text));
    expect(altField().value).toBe('The poster');
  });

  it('searches the images by the words of their alt text or file name, and says when none matches', async () => {
    const calls = stubMediaApi(admin, [lobby, seat], {
      'GET /sites/demo/media?q=wheelchair+space': { status: 200, body: [seat] },
      'GET /sites/demo/media?q=popcorn': { status: 200, body: [] },
    });
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    const search = within(screen.getByRole('search', { name: 'Search the images of Marquee Cinemas' }));
    fireEvent.change(search.getByRole('searchbox', { name: 'Search the images' }), { target: { value: ' wheelchair space ' } });
    fireEvent.click(search.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listed().map(([alt]) => alt)).toEqual(['A wheelchair space in screen 2']));

    fireEvent.change(search.getByRole('searchbox', { name: 'Search the images' }), { target: { value: 'popcorn' } });
    fireEvent.keyDown(search.getByRole('searchbox', { name: 'Search the images' }), { key: 'Enter' });
    expect((await screen.findByTestId('studio-media-none')).textContent).toBe('No image matches “popcorn”.');

    // Emptied, the field lists every image again.
    fireEvent.change(search.getByRole('searchbox', { name: 'Search the images' }), { target: { value: '' } });
    await waitFor(() => expect(listed().map(([alt]) => alt)).toEqual(['The lobby, with its ramp', 'A wheelchair space in screen 2']));
    expect(calls.filter(({ method }) => method === 'GET').map(({ path }) => path)).toEqual([
      '/me',
      '/sites',
      '/sites/demo/media',
      '/sites/demo/media?q=wheelchair+space',
      '/sites/demo/media?q=popcorn',
    ]);
  });

  it("edits an image's alt text in its card: sent as JSON, shown at once, and said", async () => {
    const described = { ...seat, alt: 'A wheelchair space in screen 2, by the aisle' };
    const items = [lobby, seat];
    const calls = stubMediaApi(editor, items, {
      'PATCH /sites/demo/media/m1': () => {
        items[1] = described;
        return { status: 200, body: described };
      },
    });
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    fireEvent.click(screen.getByRole('button', { name: 'Edit the alt text of “A wheelchair space in screen 2”' }));
    const form = screen.getByRole('form', { name: 'The alt text of “A wheelchair space in screen 2”' });
    const field = within(form).getByLabelText<HTMLInputElement>('Alt text');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value).toBe('A wheelchair space in screen 2');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the alt text' }));
    expect(await within(form).findByText('Say what the image shows.')).toBeTruthy();
    fireEvent.change(field, { target: { value: ' A wheelchair space in screen 2, by the aisle ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the alt text' }));

    await waitFor(() =>
      expect(screen.getByTestId('studio-media-outcome').textContent).toBe(
        'The alt text is now “A wheelchair space in screen 2, by the aisle”. Pages keep the alt text their image blocks were given.',
      ),
    );
    expect(changes(calls).map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PATCH', '/sites/demo/media/m1', { alt: 'A wheelchair space in screen 2, by the aisle' }],
    ]);
    expect(listed().map(([alt]) => alt)).toEqual(['The lobby, with its ramp', 'A wheelchair space in screen 2, by the aisle']);
    expect(screen.queryByRole('form', { name: /^The alt text of/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit the alt text of “A wheelchair space in screen 2, by the aisle”' }));
  });

  it("replaces an image's file in its card, sent as multipart form data, and says the site shows it once published", async () => {
    const calls = stubMediaApi(editor, [lobby, seat], {
      'PUT /sites/demo/media/m2/file': { status: 200, body: { ...lobby, fileName: 'lobby-2027.jpg' } },
    });
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    fireEvent.click(screen.getByRole('button', { name: 'Replace the file of “The lobby, with its ramp”' }));
    const form = screen.getByRole('form', { name: 'A new file for “The lobby, with its ramp”' });
    const file = jpeg('lobby-2027.jpg');
    choose(within(form).getByLabelText('New image file'), file);
    fireEvent.click(within(form).getByRole('button', { name: 'Replace' }));
    await waitFor(() =>
      expect(screen.getByTestId('studio-media-outcome').textContent).toBe(
        'The file of “The lobby, with its ramp” was replaced. Pages naming it show the new one once the site is published, within a few seconds.',
      ),
    );
    const [replacement] = changes(calls);
    expect([replacement?.method, replacement?.path]).toEqual(['PUT', '/sites/demo/media/m2/file']);
    expect((replacement?.init.body as FormData).get('file')).toBe(file);
    expect((replacement?.init.body as FormData).has('alt')).toBe(false);
  });

  it("puts the server's refusal of a replacement on the card's file field", async () => {
    stubMediaApi(editor, [lobby], {
      'PUT /sites/demo/media/m2/file': studioError(400, 'invalid_argument', 'file: not a JPEG, PNG or WebP image', 'file'),
    });
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    fireEvent.click(screen.getByRole('button', { name: 'Replace the file of “The lobby, with its ramp”' }));
    const form = screen.getByRole('form', { name: 'A new file for “The lobby, with its ramp”' });
    choose(within(form).getByLabelText('New image file'), jpeg('not-really.jpg'));
    fireEvent.click(within(form).getByRole('button', { name: 'Replace' }));
    expect(await within(form).findByText('file: not a JPEG, PNG or WebP image')).toBeTruthy();
    expect(within(form).getByLabelText('New image file').getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes an image once confirmed, with a JSON body, asks for the list again and says so', async () => {
    const items = [lobby, seat];
    const calls = stubMediaApi(admin, items, {
      'DELETE /sites/demo/media/m1': () => {
        items.pop();
        return { status: 204 };
      },
    });
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    fireEvent.click(screen.getByRole('button', { name: 'Delete the image “A wheelchair space in screen 2”' }));
    const confirmation = screen.getByRole('group', { name: 'Delete the image “A wheelchair space in screen 2”' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Delete the image' }));
    await waitFor(() => expect(listed().map(([alt]) => alt)).toEqual(['The lobby, with its ramp']));
    expect(screen.getByTestId('studio-media-outcome').textContent).toBe('The image “A wheelchair space in screen 2” was deleted.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Images' }));
    expect(changes(calls).map(({ method, path, body }) => [method, path, body])).toEqual([['DELETE', '/sites/demo/media/m1', {}]]);
  });

  it('says beside the image why it was not deleted when it is in use (422), and keeps it listed', async () => {
    const message = "the image is in use: the draft's page lobby, page about";
    stubMediaApi(editor, [lobby, seat], { 'DELETE /sites/demo/media/m2': studioError(422, 'failed_precondition', message, 'id') });
    renderStudio('/sites/demo/media');
    await screen.findByTestId('studio-media');
    fireEvent.click(screen.getByRole('button', { name: 'Delete the image “The lobby, with its ramp”' }));
    const confirmation = within(card('The lobby, with its ramp')).getByRole('group', { name: 'Delete the image “The lobby, with its ramp”' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Delete the image' }));
    await waitFor(() => expect(within(confirmation).getByRole('alert').textContent).toBe(`The studio did not delete the image: ${message}`));
    expect(listed().map(([alt]) => alt)).toEqual(['The lobby, with its ramp', 'A wheelchair space in screen 2']);
    expect(screen.getByTestId('studio-media-outcome').textContent).toBe('');
  });

  it("says the site is no longer the staff member's when the server knows them on it no more (404)", async () => {
    stubMediaApi(editor, [], { 'GET /sites/demo/media': studioError(404, 'not_found', 'no such site') });
    renderStudio('/sites/demo/media');
    expect(await screen.findByTestId('studio-media-not-found')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add an image' })).toBeNull();
  });

  it("says the studio's service is unavailable (503) where the images would be, and tries again on request", async () => {
    let available = false;
    stubMediaApi(viewer, [], {
      'GET /sites/demo/media': () => (available ? { status: 200, body: [lobby] } : studioError(503, 'service_unavailable', 'svc-studio is unavailable')),
    });
    renderStudio('/sites/demo/media');
    expect(await screen.findByRole('heading', { level: 2, name: "The studio's service is unavailable" })).toBeTruthy();
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('studio-media');
    expect(listed().map(([alt]) => alt)).toEqual(['The lobby, with its ramp']);
  });
});
