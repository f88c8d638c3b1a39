import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Deferred } from './deferred';

afterEach(cleanup);

describe('Deferred', () => {
  it('shows its children once the rest has rendered', async () => {
    render(
      <>
        <h1>Now showing</h1>
        <Deferred>
          <p>Coming soon</p>
        </Deferred>
      </>,
    );
    expect(screen.getByText('Now showing')).toBeTruthy();
    expect(await screen.findByText('Coming soon')).toBeTruthy();
  });
});
