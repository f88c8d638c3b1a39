import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import type { PageBlock, TextRun } from '@/types/api';
import { PageBlocks } from './page-blocks';

afterEach(cleanup);

const runs = (...texts: string[]): TextRun[] => texts.map((text) => ({ text }));

function renderBlocks(...blocks: PageBlock[]) {
  return renderWithApp(<PageBlocks blocks={blocks} />).container;
}

describe('PageBlocks', () => {
  it('renders headings of levels two and three below the page title', () => {
    renderBlocks({ type: 'heading', level: 2, text: runs('Our story') }, { type: 'heading', level: 3, text: runs('1968') });
    expect(screen.getByRole('heading', { level: 2, name: 'Our story' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: '1968' })).toBeTruthy();
  });

  it('renders a paragraph of its runs, bold, italic and both', () => {
    const container = renderBlocks({
      type: 'paragraph',
      text: [
        { text: 'Open ' },
        { text: 'every', bold: true },
        { text: ' day, ' },
        { text: 'rain', italic: true },
        { text: ' or ' },
        { text: 'shine', bold: true, italic: true },
      ],
    });
    const paragraph = container.querySelector('p');
    expect(paragraph?.textContent).toBe('Open every day, rain or shine');
    expect(paragraph?.querySelector('strong')?.textContent).toBe('every');
    expect([...(paragraph?.querySelectorAll('em') ?? [])].map((element) => element.textContent)).toEqual(['rain', 'shine']);
    expect(paragraph?.querySelector('strong > em')?.textContent).toBe('shine');
  });

  it("links a run to a path on the site by the site's link rules", () => {
    renderBlocks({ type: 'paragraph', text: [{ text: 'See our ' }, { text: 'theaters', link: '/theaters' }] });
    // The site's Link normalises the path (docs/pages-and-links.md#link-rules).
    expect(screen.getByRole('link', { name: 'theaters' }).getAttribute('href')).toBe('/theaters/');
  });

  it('links a run to another site by the link rules (a new window, said so), and an e-mail address as a plain link', () => {
    renderBlocks({
      type: 'paragraph',
      text: [
        { text: 'Facebook', link: 'https://www.facebook.com/marquee' },
        { text: 'Write to us', link: 'mailto:hello@marqueecinemas.example' },
      ],
    });
    const facebook = screen.getByRole('link', { name: /^Facebook/ });
    expect(facebook.getAttribute('href')).toBe('https://www.facebook.com/marquee');
    expect(facebook.getAttribute('target')).toBe('_blank');
    expect(facebook.getAttribute('rel')).toBe('noreferrer');
    expect(screen.getByRole('link', { name: 'Write to us' }).getAttribute('href')).toBe('mailto:hello@marqueecinemas.example');
  });

  it('renders a line break inside a run (Shift+Enter in the editor) as one, within its marks and its link', () => {
    const container = renderBlocks({
      type: 'paragraph',
      text: [
        { text: 'Box office\nopen daily' },
        { text: '\nfrom noon\n', bold: true },
        { text: 'Call\nus', link: 'tel:+15551234567' },
      ],
    });
    const paragraph = container.querySelector('p');
    expect(paragraph?.innerHTML).toBe('Box office<br>open daily<strong><br>from noon<br></strong><a href="tel:+15551234567">Call<br>us</a>');
    expect(paragraph?.textContent).not.toContain('\n');
  });

  it('renders adjacent runs linking to the same address as one link around their marks, and another site with one notice', () => {
    const container = renderBlocks({
      type: 'paragraph',
      text: [
        { text: 'Write to ' },
        { text: 'mail ', link: 'mailto:access@marquee.example' },
        { text: 'us', bold: true, link: 'mailto:access@marquee.example' },
        { text: ' or see ' },
        { text: 'our ', link: 'https://www.facebook.com/marquee' },
        { text: 'page', italic: true, link: 'https://www.facebook.com/marquee' },
        { text: ' and ', link: 'https://www.facebook.com/marquee' },
        { text: 'more', link: 'https://example.org/' },
      ],
    });
    const links = container.querySelectorAll('a');
    expect([...links].map((link) => link.getAttribute('href'))).toEqual([
      'mailto:access@marquee.example',
      'https://www.facebook.com/marquee',
      'https://example.org/',
    ]);
    expect(links[0]?.innerHTML).toBe('mail <strong>us</strong>');
    expect(links[1]?.querySelector('em')?.textContent).toBe('page');
    expect(links[1]?.querySelectorAll('.visually-hidden')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /^our page and / }).getAttribute('target')).toBe('_blank');
    expect(container.querySelector('p')?.textContent).toMatch(/^Write to mail us or see our page and /);
  });

  it('renders the text alone of a run whose link is not one a page may hold', () => {
    const container = renderBlocks({
      type: 'paragraph',
      text: [
        { text: 'Click', link: 'javascript:alert(1)' },
        { text: ' or ', link: '' },
        { text: 'here', bold: true, link: ' JaVaScRiPt:alert(1)' },
        { text: ' or ', link: '//evil.example/' },
        { text: 'there', link: 'data:text/html,<script>alert(1)</script>' },
      ],
    });
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('p')?.textContent).toBe('Click or here or there');
    expect(container.innerHTML).not.toMatch(/javascript|data:|evil/i);
  });

  it('renders an unordered and an ordered list', () => {
    const container = renderBlocks(
      { type: 'list', ordered: false, items: [{ text: runs('Popcorn') }, { text: runs('Nachos') }] },
      { type: 'list', ordered: true, items: [{ text: runs('Buy a ticket') }, { text: [{ text: 'Enjoy', bold: true }] }] },
    );
    expect([...container.querySelectorAll('ul > li')].map((item) => item.textContent)).toEqual(['Popcorn', 'Nachos']);
    expect([...container.querySelectorAll('ol > li')].map((item) => item.textContent)).toEqual(['Buy a ticket', 'Enjoy']);
    expect(container.querySelector('ol > li > strong')?.textContent).toBe('Enjoy');
  });

  it('renders an image with its alt text, lazily, and its caption when it has one', () => {
    const container = renderBlocks(
      { type: 'image', src: '/media/lobby.jpg', alt: 'The lobby in 1968', caption: 'Opening night' },
      { type: 'image', src: 'https://images.example.org/screen.jpg', alt: 'Screen 1' },
    );
    const lobby = screen.getByAltText('The lobby in 1968');
    expect(lobby.getAttribute('src')).toBe('/media/lobby.jpg');
    expect(lobby.getAttribute('loading')).toBe('lazy');
    expect(lobby.getAttribute('decoding')).toBe('async');
    expect(lobby.closest('figure')?.querySelector('figcaption')?.textContent).toBe('Opening night');
    const screenImage = screen.getByAltText('Screen 1');
    expect(screenImage.getAttribute('src')).toBe('https://images.example.org/screen.jpg');
    expect(screenImage.closest('figure')?.querySelector('figcaption')).toBeNull();
    expect(container.querySelectorAll('figure')).toHaveLength(2);
  });

  it("offers a media library image's widths in WebP and JPEG, with its size so the page does not jump", () => {
    const src = '/media/0123456789abcdef.jpg';
    const library = {
      src,
      width: 960,
      height: 640,
      jpegSrcset: '/media/0123456789abcdef-480.jpg 480w, /media/0123456789abcdef.jpg 960w',
      webpSrcset: '/media/0123456789abcdef-480.webp 480w, /media/0123456789abcdef.webp 960w',
    };
    const media = [library];
    renderWithApp(<PageBlocks blocks={[{ type: 'image', src, alt: 'The lobby' }]} media={media} />);
    const image = screen.getByAltText('The lobby');
    expect(image.getAttribute('src')).toBe(src);
    expect(image.getAttribute('srcset')).toBe(library.jpegSrcset);
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['960', '640']);
    const webp = image.closest('picture')?.querySelector('source');
    expect(webp?.getAttribute('type')).toBe('image/webp');
    expect(webp?.getAttribute('srcset')).toBe(library.webpSrcset);
    expect(webp?.getAttribute('sizes')).toBe(image.getAttribute('sizes'));
  });

  it('shows no image of an address a page may not load', () => {
    const container = renderBlocks({ type: 'image', src: 'javascript:alert(1)', alt: 'Nothing' });
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript');
  });

  it('renders a quote in a figure, captioned with who said it', () => {
    const container = renderBlocks({ type: 'quote', text: runs('The best seats in town.'), caption: 'The Providence Journal' });
    const figure = container.querySelector('figure');
    expect(figure?.querySelector('blockquote > p')?.textContent).toBe('The best seats in town.');
    expect(figure?.querySelector('figcaption')?.textContent).toBe('The Providence Journal');
  });

  it("renders a button as a link in the site's button style", () => {
    renderBlocks(
      { type: 'button', label: 'See showtimes', href: '/showtimes/' },
      { type: 'button', label: 'Gift cards', href: 'https://shop.example.org/gift' },
    );
    const showtimes = screen.getByRole('link', { name: 'See showtimes' });
    expect(showtimes.getAttribute('href')).toBe('/showtimes/');
    expect(showtimes.className).toBe('button');
    const giftCards = screen.getByRole('link', { name: /^Gift cards/ });
    expect(giftCards.className).toBe('button');
    expect(giftCards.getAttribute('target')).toBe('_blank');
  });

  it('renders the label alone of a button whose address is not a link', () => {
    const container = renderBlocks({ type: 'button', label: 'Win', href: 'vbscript:msgbox(1)' });
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('Win');
  });

  it('renders a divider', () => {
    const container = renderBlocks({ type: 'paragraph', text: runs('Above') }, { type: 'divider' }, { type: 'paragraph', text: runs('Below') });
    expect(container.querySelectorAll('hr')).toHaveLength(1);
  });

  it('renders nothing of a block of a kind it does not know, and nothing at all without blocks', () => {
    const container = renderBlocks(
      { type: 'html', text: runs('<script>alert(1)</script>') },
      { type: 'paragraph', text: runs('Kept') },
    );
    expect(container.textContent).toBe('Kept');
    expect(container.querySelector('script')).toBeNull();
    cleanup();
    expect(renderBlocks().innerHTML).toBe('');
  });
});
