import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageTitle } from './page-title';

describe('PageTitle', () => {
  afterEach(cleanup);

  it("sets the document's title, the page's name then the site's, and renders nothing", () => {
    const { container, rerender } = render(<PageTitle page="The Long Night" site="Marquee Cinemas" />);
    expect(document.title).toBe('The Long Night | Marquee Cinemas');
    expect(container.innerHTML).toBe('');
    rerender(<PageTitle site="Marquee Cinemas" />);
    expect(document.title).toBe('Marquee Cinemas');
  });
});
