import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import type { PageBlock } from '@/types/api';
import { en } from './messages/en';
import {
  blockAtFault,
  blockFaultText,
  blockName,
  blocksProblem,
  draftPageStateName,
  imageSourceProblem,
  linkProblem,
  pageAddress,
  pageFieldAtFault,
  pageFields,
  pageRecord,
  seoImageProblem,
  slugProblem,
} from './page-rules';

const t = createTranslate('en', en);

describe('the fields of a page', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('are empty for a new page, and the record as the draft has it otherwise, its time to leave on the clock of the browser', () => {
    expect(pageFields(undefined)).toEqual({ title: '', slug: '', seoDescription: '', seoImage: '', unpublishAt: '' });
    const leaves = new Date(2031, 11, 5, 14, 30);
    expect(
      pageFields({
        slug: 'about',
        title: 'About us',
        seoDescription: 'Who we are',
        seoImage: '/media/lobby.jpg',
        unpublishAt: leaves.toISOString(),
      }),
    ).toEqual({ title: 'About us', slug: 'about', seoDescription: 'Who we are', seoImage: '/media/lobby.jpg', unpublishAt: '2031-12-05T14:30' });
    expect(pageFields({ slug: 'about', unpublishAt: 'soon' }).unpublishAt).toBe('');
  });

  it('are sent whole with the body as blocks alone, empty fields left out, the id and template the page had kept', () => {
    const blocks: PageBlock[] = [{ type: 'paragraph', text: [{ text: 'Hello' }] }];
    const fields = { title: ' Accessibility at Marquee ', slug: ' accessibility ', seoDescription: '', seoImage: ' ', unpublishAt: '' };
    expect(pageRecord(fields, blocks, undefined)).toEqual({ slug: 'accessibility', title: 'Accessibility at Marquee', sections: [], blocks });

    const legacy = { id: 'p7', slug: 'parking', title: 'Parking', templateName: 'standard', sections: [{ heading: 'Parking', paragraphs: ['Free.'] }] };
    const sent = pageRecord({ ...fields, slug: 'parking', seoDescription: 'Where to park', unpublishAt: '2031-12-05T14:30' }, blocks, legacy);
    expect(sent).toMatchObject({ id: 'p7', slug: 'parking', templateName: 'standard', sections: [], blocks, seoDescription: 'Where to park' });
    // On the browser's clock, with its offset (publishing-rules.ts's publishInstant).
    expect(new Date(sent.unpublishAt ?? '').getTime()).toBe(new Date(2031, 11, 5, 14, 30).getTime());
    expect(sent.unpublishAt).toMatch(/^2031-12-05T14:30:00[+-]\d{2}:\d{2}$/);
  });

  it.each([
    ['slug', 'slug'],
    ['title', 'title'],
    ['seoDescription', 'seoDescription'],
    ['seoImage', 'seoImage'],
    ['unpublishAt', 'unpublishAt'],
    ['blocks[3].text[0].link', undefined],
    ['templateName', undefined],
    [undefined, undefined],
  ])('a refusal of %j lands on the field %j', (field, expected) => {
    expect(pageFieldAtFault(field)).toBe(expected);
  });
});

describe('what is checked before a page is sent', () => {
  it.each([
    ['accessibility', undefined],
    ['opening-hours-2027', undefined],
    ['  about  ', undefined],
    ['', 'missing'],
    ['   ', 'missing'],
    ['About', 'invalid'],
    ['about us', 'invalid'],
    ['about/us', 'invalid'],
    ['über', 'invalid'],
  ])('the slug %j: %j', (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem);
  });

  it.each([
    ['/theaters/', undefined],
    [' /theaters/ ', undefined],
    ['https://example.org/', undefined],
    ['mailto:access@marquee.example', undefined],
    ['tel:+15551234567', undefined],
    ['', 'missing'],
    ['javascript:alert(1)', 'unsafe'],
    ['JavaScript:alert(1)', 'unsafe'],
    ['data:text/html,<script>alert(1)</script>', 'unsafe'],
    ['//evil.example/', 'unsafe'],
    ['/\\evil.example/', 'unsafe'],
    ['java\tscript:alert(1)', 'unsafe'],
    ['theaters/', 'unsafe'],
  ])('a link to %j: %j', (address, problem) => {
    expect(linkProblem(address)).toBe(problem);
  });

  it('takes an image from a path on the site or an https address alone, and an SEO image may be left out', () => {
    expect(imageSourceProblem('/media/lobby.jpg')).toBeUndefined();
    expect(imageSourceProblem('https://images.example.org/a.jpg')).toBeUndefined();
    expect(imageSourceProblem('http://images.example.org/a.jpg')).toBe('unsafe');
    expect(imageSourceProblem('')).toBe('missing');
    expect(seoImageProblem('')).toBeUndefined();
    expect(seoImageProblem('javascript:alert(1)')).toBe('unsafe');
  });

  it('finds the first block the site would refuse, named as the server names it', () => {
    const fine: PageBlock[] = [
      { type: 'paragraph', text: [{ text: 'See ' }, { text: 'theaters', link: '/theaters/' }] },
      { type: 'image', src: '/a.jpg', alt: 'A' },
      { type: 'button', label: 'Book', href: 'https://example.org/' },
      { type: 'divider' },
    ];
    expect(blocksProblem(fine)).toBeUndefined();
    expect(blocksProblem([...fine, { type: 'paragraph', text: [{ text: 'x' }, { text: 'y', link: 'javascript:alert(1)' }] }])).toEqual({
      field: 'blocks[4].text[1].link',
      problem: 'link',
    });
    expect(blocksProblem([{ type: 'list', items: [{ text: [{ text: 'a' }] }, { text: [{ text: 'b', link: '//evil.example/' }] }] }])).toEqual({
      field: 'blocks[0].items[1].text[0].link',
      problem: 'link',
    });
    expect(blocksProblem([{ type: 'image', src: '/a.jpg', alt: ' ' }])).toEqual({ field: 'blocks[0].alt', problem: 'alt' });
    expect(blocksProblem([{ type: 'image', src: 'data:image/png;base64,AAAA', alt: 'A' }])).toEqual({ field: 'blocks[0].src', problem: 'imageSource' });
    expect(blocksProblem([{ type: 'button', label: '', href: '/x/' }])).toEqual({ field: 'blocks[0].label', problem: 'label' });
    expect(blocksProblem([{ type: 'button', label: 'Go', href: 'javascript:void(0)' }])).toEqual({ field: 'blocks[0].href', problem: 'link' });
  });
});

describe('how a refusal of the body is said', () => {
  const blocks: PageBlock[] = [
    { type: 'heading', level: 2, text: [{ text: 'Accessibility at Marquee' }] },
    { type: 'list', items: [{ text: [{ text: 'Wheelchair spaces' }] }, { text: [{ text: 'Hearing loops' }] }] },
    { type: 'image', src: '/a.jpg', alt: '' },
    { type: 'paragraph', text: [{ text: 'Read about every one of our theaters and how to reach them ' }, { text: 'here', link: 'javascript:alert(1)' }] },
    { type: 'video' },
    { type: 'divider' },
  ];

  it.each([
    ['blocks[3].text[0].link', { index: 3, part: 'text[0].link' }],
    ['blocks[2].alt', { index: 2, part: 'alt' }],
    ['blocks[5]', { index: 5, part: '' }],
    ['blocks', { index: undefined, part: '' }],
    ['title', undefined],
    ['blocksy', undefined],
    [undefined, undefined],
  ])('%j names %j', (field, fault) => {
    expect(blockAtFault(field)).toEqual(fault);
  });

  it('names the block by its number, its kind and the words it begins with', () => {
    expect(blockName(t, blocks, 0)).toBe('Block 1 (heading “Accessibility at Marquee”)');
    expect(blockName(t, blocks, 1)).toBe('Block 2 (list “Wheelchair spaces”)');
    expect(blockName(t, blocks, 3)).toBe('Block 4 (paragraph “Read about every one of our theaters and…”)');
    expect(blockName(t, blocks, 4)).toBe('Block 5 (video)');
    expect(blockName(t, blocks, 5)).toBe('Block 6 (divider)');
    expect(blockName(t, blocks, 9)).toBe('Block 10');
  });

  it('says which block, what of it, and why', () => {
    const message = "'javascript:alert(1)' is not a link a page may hold";
    expect(blockFaultText(t, 'blocks[3].text[1].link', blocks, message)).toBe(
      `Block 4 (paragraph “Read about every one of our theaters and…”), its link: ${message}`,
    );
    expect(blockFaultText(t, 'blocks[2].alt', blocks, 'required')).toBe('Block 3 (image), its alt text: required');
    expect(blockFaultText(t, 'blocks[1].items[1].text[0].link', blocks, 'no')).toBe('Block 2 (list “Wheelchair spaces”), its link in item 2: no');
    expect(blockFaultText(t, 'blocks[4].type', blocks, 'unknown')).toBe('Block 5 (video), its kind: unknown');
    expect(blockFaultText(t, 'blocks[5]', blocks, 'odd')).toBe('Block 6 (divider): odd');
    expect(blockFaultText(t, 'blocks', blocks, 'too many')).toBe('The body was refused: too many');
  });
});

describe('a page in the list', () => {
  it.each([
    ['published', 'Published'],
    ['added', 'Added in the draft'],
    ['changed', 'Changed in the draft'],
    ['removed', 'Removed in the draft'],
    ['archived', 'archived'],
  ])('stands %j: %j', (state, name) => {
    expect(draftPageStateName(t, state)).toBe(name);
  });

  it('is at its slug on the site', () => {
    expect(pageAddress('accessibility')).toBe('/accessibility/');
  });
});
