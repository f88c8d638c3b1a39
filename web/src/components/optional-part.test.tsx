import { act, cleanup, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
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
    const failure = Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const Ads = lazy(() => failure);
    renderWithApp(
      <>
        <main>Showtimes</main>
        <OptionalPart>
          <Ads />
        </OptionalPart>
      </>,
    );
    await act(() => failure.catch(() => undefined));
    expect(screen.getByText('Showtimes')).toBeTruthy();
  });
});
