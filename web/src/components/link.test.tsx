import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { IntlProvider } from '@/state/i18n';
import { MemoryRouter } from 'react-router';
import { Link } from './link';

const messages = { 'link.opensInNewWindow': '(Opens in a new window)' };

function renderAt(path: string, ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <IntlProvider locale="en-US" messages={messages}>
        {ui}
      </IntlProvider>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  afterEach(cleanup);

  it('renders a disabled element without a destination', () => {
    renderAt('/', <Link to={undefined}>Soon</Link>);
    const element = screen.getByText('Soon');
    expect(element.tagName).toBe('SPAN');
    expect(element.getAttribute('aria-disabled')).toBe('true');
  });

  it('opens another site in a new window and says so', () => {
    renderAt('/', <Link to="https://www.facebook.com/marquee" label="Facebook" />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noreferrer');
    expect(link.getAttribute('aria-label')).toBe('Facebook (Opens in a new window)');
  });

  it('keeps the text of an external link without a label as its name, the notice after it', () => {
    renderAt('/', <Link to="https://tickets.example.org/sales/1/book">Buy tickets</Link>);
    const link = screen.getByRole('link', { name: 'Buy tickets (Opens in a new window)' });
    expect(link.hasAttribute('aria-label')).toBe(false);
    expect(link.getAttribute('title')).toBe('(Opens in a new window)');
  });

  it('moves focus to the anchor a link to this very page names', () => {
    renderAt(
      '/movies/',
      <>
        <Link to="/movies/#showtimes">Showtimes</Link>
        <section id="showtimes">Today</section>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Showtimes' }));
    expect(document.activeElement).toBe(screen.getByText('Today'));
  });

  it('turns an e-mail address into a mailto link', () => {
    renderAt('/', <Link to="hello@marqueecinemas.example">Write to us</Link>);
    expect(screen.getByRole('link').getAttribute('href')).toBe('mailto:hello@marqueecinemas.example');
  });

  it('marks the current choice among its links as current, not as the current page', () => {
    renderAt('/movies/', <Link to="/movies/?attribute=Format.Sound.Dubbed" current>Dubbed</Link>);
    expect(screen.getByRole('link').getAttribute('aria-current')).toBe('true');
  });

  it('does nothing when clicked under the preview prefix', () => {
    renderAt('/cms-preview/movies/', <Link to="/theaters/">Theaters</Link>);
    const link = screen.getByRole('link');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
  });
});
