import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest, renderInStudio } from '../testing/render-studio';
import { MediaThumbnail, THUMBNAIL_ATTEMPTS, THUMBNAIL_RETRY_MS } from './media-thumbnail';

cleanUpAfterEachTest();

const SRC = 'https://marquee.example/media/m3-480.webp';

/** The thumbnail's image as it is now. */
const image = () => screen.getByRole('img', { name: 'The lobby' });

describe("a thumbnail of the media library, its image perhaps not published yet", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the image from the site with its alt text and its shape', () => {
    renderInStudio(<MediaThumbnail src={SRC} alt="The lobby" width={1600} height={1067} />);
    expect(image().getAttribute('src')).toBe(SRC);
    expect(image().getAttribute('width')).toBe('1600');
    expect(image().getAttribute('height')).toBe('1067');
    fireEvent.load(image());
    expect(screen.queryByTestId('studio-media-thumbnail-placeholder')).toBeNull();
  });

  it('asks again every 2 seconds while the site answers 404, and shows it once it is there', async () => {
    renderInStudio(<MediaThumbnail src={SRC} alt="The lobby" width={1600} height={1067} />);
    fireEvent.error(image());
    expect(screen.getByTestId('studio-media-thumbnail-placeholder').textContent).toBe('Being published…');
    await act(() => vi.advanceTimersByTimeAsync(THUMBNAIL_RETRY_MS - 1));
    expect(screen.queryByRole('img')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    // Under another address, so that the answer that failed is not given back.
    expect(image().getAttribute('src')).toBe(`${SRC}?try=1`);
    fireEvent.error(image());
    await act(() => vi.advanceTimersByTimeAsync(THUMBNAIL_RETRY_MS));
    expect(image().getAttribute('src')).toBe(`${SRC}?try=2`);
    fireEvent.load(image());
    await act(() => vi.advanceTimersByTimeAsync(THUMBNAIL_RETRY_MS * 10));
    expect(image().getAttribute('src')).toBe(`${SRC}?try=2`);
  });

  it(`says it is not published yet after ${String(THUMBNAIL_ATTEMPTS)} tries, and asks no more`, async () => {
    renderInStudio(<MediaThumbnail src={SRC} alt="The lobby" width={1600} height={1067} />);
    for (let attempt = 1; attempt < THUMBNAIL_ATTEMPTS; attempt += 1) {
      fireEvent.error(image());
      await act(() => vi.advanceTimersByTimeAsync(THUMBNAIL_RETRY_MS));
    }
    expect(image().getAttribute('src')).toBe(`${SRC}?try=${String(THUMBNAIL_ATTEMPTS - 1)}`);
    fireEvent.error(image());
    expect(screen.getByTestId('studio-media-thumbnail-placeholder').textContent).toBe('Not published yet');
    await act(() => vi.advanceTimersByTimeAsync(THUMBNAIL_RETRY_MS * 10));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('starts its tries afresh for another image', async () => {
    const { rerender } = renderInStudio(<MediaThumbnail src={SRC} alt="The lobby" width={1600} height={1067} />);
    fireEvent.error(image());
    await act(() => vi.advanceTimersByTimeAsync(THUMBNAIL_RETRY_MS));
    expect(image().getAttribute('src')).toBe(`${SRC}?try=1`);
    rerender(<MediaThumbnail src="https://marquee.example/media/m4-480.webp" alt="The lobby" width={800} height={600} />);
    expect(image().getAttribute('src')).toBe('https://marquee.example/media/m4-480.webp');
  });
});
