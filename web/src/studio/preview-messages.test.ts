import { describe, expect, it } from 'vitest';
import { lookFields } from './look-rules';
import { isMountedMessage, messagesToPost, previewFrame, previewLook, previewMessages, type PreviewMessage } from './preview-messages';

const SITE = 'https://marquee.example';

describe('previewFrame', () => {
  it.each([
    ['https://marquee.example/cms-preview/?preview=abc', { url: 'https://marquee.example/cms-preview/?preview=abc', origin: SITE }],
    [
      'http://demo.localhost:8080/cms-preview/movies/?preview=abc',
      { url: 'http://demo.localhost:8080/cms-preview/movies/?preview=abc', origin: 'http://demo.localhost:8080' },
    ],
    ['javascript:alert(1)', undefined],
    ['', undefined],
    ['marquee.example', undefined],
  ])('%s', (address, expected) => {
    expect(previewFrame(address)).toEqual(expected);
  });
});

describe('isMountedMessage', () => {
  const frame = {} as Window;
  const other = {} as Window;
  const mounted = { type: 'lifeCycle', lifeCycle: 'mounted' };
  it.each([
    ["the frame's mounted, from the site's origin", { source: frame, origin: SITE, data: mounted }, true],
    ['from another origin', { source: frame, origin: 'https://elsewhere.example', data: mounted }, false],
    ['from another window', { source: other, origin: SITE, data: mounted }, false],
    ['from no window', { source: null, origin: SITE, data: mounted }, false],
    ['another message', { source: frame, origin: SITE, data: { type: 'lifeCycle', lifeCycle: 'unmounted' } }, false],
    ['not an object', { source: frame, origin: SITE, data: 'mounted' }, false],
  ])('%s: %s', (_case, event, expected) => {
    expect(isMountedMessage(event, frame, SITE)).toBe(expected);
  });

  it('is never true without a frame', () => {
    expect(isMountedMessage({ source: null, origin: SITE, data: mounted }, null, SITE)).toBe(false);
  });
});

describe('previewLook and previewMessages', () => {
  const fields = lookFields({
    config: {
      theme: {
        palette: { accent: '#f2b705', highlight: 'not a colour', background: '#FFFFFF' },
        colors: { brand1: '#C8102E', brand2: '#000000' },
        fonts: { body: 'Lato', fontWeights: { body: { weights: ['400', '700'] } } },
      },
    },
    settings: { hasSearch: true },
  });

  it("sends the colours set (brand colour 1 standing in for the primary), the fonts chosen and the search, as the site reads them", () => {
    expect(previewMessages(previewLook(fields))).toEqual([
      { type: 'colorScheme', colorScheme: { primary: '#C8102E', accent: '#F2B705', background: '#FFFFFF' } },
      { type: 'font', font: { target: 'body', name: 'Lato', weights: ['400', '700'] } },
      { type: 'hasSearch', hasSearch: true },
    ]);
  });

  it('sends each layout choice that is set', () => {
    expect(
      previewMessages({ palette: {}, fonts: {}, headerLayout: 'centered', footerLayout: 'compact', logoSize: 'large', footerMobileLinks: false }),
    ).toEqual([
      { type: 'headerLayout', headerLayout: 'centered' },
      { type: 'footerLayout', footerLayout: 'compact' },
      { type: 'logoSize', logoSize: 'large' },
      { type: 'footerMobileLinks', footerMobileLinks: false },
    ]);
  });
});

describe('messagesToPost', () => {
  const colours: PreviewMessage = { type: 'colorScheme', colorScheme: { primary: '#C8102E' } };
  const search: PreviewMessage = { type: 'hasSearch', hasSearch: true };
  it('posts what changed since the last messages sent alone', () => {
    const recoloured: PreviewMessage = { type: 'colorScheme', colorScheme: { primary: '#0A7E8C' } };
    expect(messagesToPost([colours, search], [recoloured, search])).toEqual([recoloured]);
    expect(messagesToPost([colours, search], [colours, search])).toEqual([]);
    expect(messagesToPost([], [colours, search])).toEqual([colours, search]);
  });
});
