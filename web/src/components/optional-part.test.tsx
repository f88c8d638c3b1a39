import { cleanup, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { OptionalPart } from './optional-part';

afterEach(cleanup);

describe('OptionalPart', () => {
  it('shows its part once the code has loaded', async () => {
    const Footer = lazy(() => Promise.resolve({ default: () => <footer>Footer</footer> }));
    renderWithApp(
      <OptionalPart>
        <Footer />
      </OptionalPart>,
    );
    expect(await screen.findByText('Footer')).toBeTruthy();
  });

  it('leaves the rest of the page standing when its code fails to load', async () => {
    // React reports the caught error on the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Ads = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderWithApp(
      <>
        <main>Showtimes</main>
        <OptionalPart>
          <Ads />
        </OptionalPart>
      </>,
    );
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getByText('Showtimes')).toBeTruthy();
    consoleError.mockRestore();
  });
});
