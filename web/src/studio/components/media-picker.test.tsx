import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lobby, seat } from '../testing/media-fixtures';
import { cleanUpAfterEachTest, renderInStudio } from '../testing/render-studio';
import { stubStudioApi, studioError } from '../testing/studio-api';
import { MediaPicker } from './media-picker';

cleanUpAfterEachTest();

const toggle = () => screen.getByRole('button', { name: 'Choose the image from the media library' });
const choices = () => screen.getByRole('list', { name: 'Images to choose the image from' });

describe('the media picker', () => {
  it('asks for the library only once opened, and lists its images, newest first, with their thumbnails', async () => {
    const calls = stubStudioApi({ 'GET /sites/demo/media': { status: 200, body: [lobby, seat] } });
    renderInStudio(<MediaPicker siteId="demo" purpose="the image" onPick={vi.fn()} />);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(calls).toEqual([]);

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().getAttribute('aria-controls')).toBe(screen.getByRole('group', { name: 'The media library, to choose the image' }).id);
    await screen.findByRole('list', { name: 'Images to choose the image from' });
    const buttons = within(choices()).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['The lobby, with its ramplobby.jpg', 'A wheelchair space in screen 2seat.png']);
    // The thumbnail, from the site's own host, adds nothing to the button's words.
    const thumbnail = buttons[0]?.querySelector('img');
    expect(thumbnail?.getAttribute('src')).toBe('https://marquee.example/media/m2-480.webp');
    expect(thumbnail?.getAttribute('alt')).toBe('');
    expect(calls.map(({ path }) => path)).toEqual(['/sites/demo/media']);
  });

  it('searches the library, Enter searching rather than submitting the form it is in', async () => {
    const calls = stubStudioApi({
      'GET /sites/demo/media': { status: 200, body: [lobby, seat] },
      'GET /sites/demo/media?q=wheelchair': { status: 200, body: [seat] },
      'GET /sites/demo/media?q=popcorn': { status: 200, body: [] },
    });
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    renderInStudio(
      <form onSubmit={(event) => submitted(event.nativeEvent)}>
        <MediaPicker siteId="demo" purpose="the image" onPick={vi.fn()} />
      </form>,
    );
    fireEvent.click(toggle());
    await screen.findByRole('list', { name: 'Images to choose the image from' });
    const search = screen.getByRole('searchbox', { name: 'Search the images' });
    fireEvent.change(search, { target: { value: ' wheelchair ' } });
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    search.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    await waitFor(() => expect(within(choices()).getAllByRole('button').map((button) => button.textContent)).toEqual(['A wheelchair space in screen 2seat.png']));

    fireEvent.change(search, { target: { value: 'popcorn' } });
    fireEvent.click(within(screen.getByRole('search', { name: 'Search the media library for the image' })).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No image matches “popcorn”.')).toBeTruthy();
    expect(submitted).not.toHaveBeenCalled();
    expect(calls.map(({ path }) => path)).toEqual(['/sites/demo/media', '/sites/demo/media?q=wheelchair', '/sites/demo/media?q=popcorn']);
  });

  it('hands the image picked over and closes; Escape, or its button, closes it too, the focus back on its button', async () => {
    stubStudioApi({ 'GET /sites/demo/media': { status: 200, body: [lobby, seat] } });
    const onPick = vi.fn();
    renderInStudio(<MediaPicker siteId="demo" purpose="the image" onPick={onPick} />);
    fireEvent.click(toggle());
    await screen.findByRole('list', { name: 'Images to choose the image from' });
    fireEvent.click(within(choices()).getByRole('button', { name: /^A wheelchair space/ }));
    expect(onPick).toHaveBeenCalledWith(seat);
    expect(screen.queryByTestId('studio-media-picker')).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle());
    fireEvent.keyDown(await screen.findByRole('searchbox', { name: 'Search the images' }), { key: 'Escape' });
    expect(screen.queryByTestId('studio-media-picker')).toBeNull();
    expect(document.activeElement).toBe(toggle());

    fireEvent.click(toggle());
    fireEvent.click(await screen.findByRole('button', { name: 'Close the media library' }));
    expect(screen.queryByTestId('studio-media-picker')).toBeNull();
    expect(document.activeElement).toBe(toggle());
    expect(onPick).toHaveBeenCalledOnce();
  });

  it('says when the library has no image yet', async () => {
    stubStudioApi({ 'GET /sites/demo/media': { status: 200, body: [] } });
    renderInStudio(<MediaPicker siteId="demo" purpose="the image" onPick={vi.fn()} />);
    fireEvent.click(toggle());
    expect(await screen.findByText('The media library has no image yet: add images on the Media screen.')).toBeTruthy();
  });

  it('says when the library could not be loaded, and asks again on request', async () => {
    let available = false;
    stubStudioApi({
      'GET /sites/demo/media': () => (available ? { status: 200, body: [lobby] } : studioError(503, 'service_unavailable', 'svc-catalogue is unavailable')),
    });
    renderInStudio(<MediaPicker siteId="demo" purpose="the image" onPick={vi.fn()} />);
    fireEvent.click(toggle());
    expect((await screen.findByRole('alert')).textContent).toContain('The media library could not be loaded.');
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Images to choose the image from' });
  });
});
