import { describe, expect, it } from 'vitest';
import {
  isAllowedOrigin,
  layoutAttributes,
  mergeCustomisation,
  readCustomisationMessage,
} from './customisation-message';

const allowed = ['https://builder.marqueecinemas.example', 'https://*.sitebuilder.example'];

describe('isAllowedOrigin', () => {
  it.each([
    ['https://builder.marqueecinemas.example', true],
    ['https://BUILDER.marqueecinemas.example', true],
    ['http://builder.marqueecinemas.example', false],
    ['https://builder.marqueecinemas.example.evil.example', false],
    ['https://staging.sitebuilder.example', true],
    ['https://a.b.sitebuilder.example', true],
    ['https://sitebuilder.example', false],
    ['https://evilsitebuilder.example', false],
    ['http://staging.sitebuilder.example', false],
    ['null', false],
  ])('%s: %s', (origin, expected) => {
    expect(isAllowedOrigin(origin, allowed)).toBe(expected);
  });
});

describe('readCustomisationMessage', () => {
  it.each<[unknown, ReturnType<typeof readCustomisationMessage>]>([
    [{ type: 'colorScheme', colorScheme: { primary: '#123456', unknown: '#fff' } }, { palette: { primary: '#123456' } }],
    [{ type: 'colorScheme', colorScheme: {} }, undefined],
    [{ type: 'font', font: { target: 'heading', name: 'Playfair Display', weights: ['700', 7] } }, { fonts: { heading: { name: 'Playfair Display', weights: ['700'] } } }],
    [{ type: 'font', font: { target: 'footer', name: 'Lato' } }, undefined],
    [{ type: 'headerLayout', headerLayout: 'centered' }, { headerLayout: 'centered' }],
    [{ type: 'footerLayout', footerLayout: 'compact' }, { footerLayout: 'compact' }],
    [{ type: 'logoSize', logoSize: 'large' }, { logoSize: 'large' }],
    [{ type: 'logoSize', logoSize: 3 }, undefined],
    [{ type: 'hasSearch', hasSearch: true }, { hasSearch: true }],
    [{ type: 'hasSearch', hasSearch: 'true' }, undefined],
    [{ type: 'footerMobileLinks', footerMobileLinks: false }, { footerMobileLinks: false }],
    [{ type: 'lifeCycle', lifeCycle: 'mounted' }, undefined],
    ['colorScheme', undefined],
    [null, undefined],
  ])('%j', (data, expected) => {
    expect(readCustomisationMessage(data)).toEqual(expected);
  });
});

describe('mergeCustomisation', () => {
  it('keeps earlier choices and lets later ones win field by field', () => {
    const first = mergeCustomisation({}, { palette: { primary: '#111111', accent: '#222222' }, logoSize: 'small' });
    const second = mergeCustomisation(first, { palette: { primary: '#333333' }, hasSearch: true });
    expect(second).toEqual({
      palette: { primary: '#333333', accent: '#222222' },
      fonts: undefined,
      logoSize: 'small',
      hasSearch: true,
    });
  });
});

describe('layoutAttributes', () => {
  it('turns flags into strings and leaves unset choices out', () => {
    expect(layoutAttributes({ headerLayout: 'centered', footerMobileLinks: false })).toEqual({
      headerLayout: 'centered',
      footerLayout: undefined,
      logoSize: undefined,
      hasSearch: undefined,
      footerMobileLinks: 'false',
    });
  });
});
