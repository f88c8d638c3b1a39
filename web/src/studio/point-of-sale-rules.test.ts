import { describe, expect, it } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import { SHOWTIME_ATTRIBUTES, StudioApiError, type PointOfSaleState } from './api';
import { en } from './messages/en';
import {
  UNLINKED,
  attributeCodeChoices,
  attributeCodeName,
  attributeCodeProblem,
  attributeRow,
  pointOfSaleFieldAtFault,
  pointOfSaleFields,
  pointOfSaleHealth,
  pointOfSaleSetting,
  providerName,
  refusedPointOfSaleField,
  shortNameProblem,
  tokenProblem,
  tokenSource,
  type AttributeRow,
  type PointOfSaleFields,
} from './point-of-sale-rules';

const t = createTranslate('en', en);

/** Marquee Riverfront linked to Veezi with its token uploaded, in step. */
const linked: PointOfSaleState = {
  link: { provider: 'veezi', tokenFile: '', attributes: { OC: 'open-captions', '3D': '3d' } },
  tokenKept: true,
  tokenSetAt: '2026-12-03T14:05:00Z',
  tokenSetBy: 'Theo Manager',
  lastSuccessAt: '2026-12-03T15:00:00Z',
  lastError: '',
  lastErrorAt: null,
  showtimesChangedLastHour: 12,
  seatUpdatesLastHour: 340,
  lastChangeAt: '2026-12-03T14:59:00Z',
};

/** A theater whose schedule is pushed through the ingest API. */
const notLinked: PointOfSaleState = {
  ...linked,
  link: null,
  tokenKept: false,
  tokenSetAt: null,
  tokenSetBy: '',
  lastSuccessAt: null,
};

const fields = (changes: Partial<PointOfSaleFields> = {}): PointOfSaleFields => ({
  provider: 'veezi',
  tokenFile: '',
  token: '',
  attributes: [],
  ...changes,
});

const row = (shortName: string, code: string): AttributeRow => ({ shortName, code });

describe("a theater's point of sale as a form", () => {
  it('starts from the link, the token field empty whatever is kept', () => {
    expect(pointOfSaleFields(linked)).toEqual({
      provider: 'veezi',
      tokenFile: '',
      token: '',
      attributes: [row('OC', 'open-captions'), row('3D', '3d')],
    });
  });

  it('starts a theater not linked from the first provider, with no attribute', () => {
    expect(pointOfSaleFields(notLinked)).toEqual(fields());
    expect(pointOfSaleFields({ link: { provider: 'veezi' } })).toEqual(fields());
  });

  it('sends the link with the token pasted, trimmed, and the table as a map', () => {
    expect(pointOfSaleSetting(fields({ token: '  veezi-secret\n', attributes: [row(' OC ', 'open-captions'), row('', '')] }))).toEqual({
      link: { provider: 'veezi', tokenFile: '', attributes: { OC: 'open-captions' } },
      token: 'veezi-secret',
    });
  });

  it('sends no token where none is pasted (the one kept stays), and the token file trimmed', () => {
    expect(pointOfSaleSetting(fields({ tokenFile: ' riverfront.token ' }))).toEqual({
      link: { provider: 'veezi', tokenFile: 'riverfront.token', attributes: {} },
    });
  });

  it('unlinks with no link and no token', () => {
    expect(UNLINKED).toEqual({ link: null });
  });

  it('gives a new line of the table no short name and no meaning', () => {
    expect(attributeRow()).toEqual(row('', ''));
  });
});

describe('what the form checks before sending', () => {
  it.each([
    ['', { tokenKept: false, tokenFile: '' }, 'missing'],
    ['   ', { tokenKept: false, tokenFile: '' }, 'missing'],
    ['', { tokenKept: true, tokenFile: '' }, undefined],
    ['', { tokenKept: false, tokenFile: 'riverfront.token' }, undefined],
    ['veezi-secret', { tokenKept: false, tokenFile: '' }, undefined],
    ['veezi-secret\n', { tokenKept: false, tokenFile: '' }, undefined],
    ['two\nlines', { tokenKept: true, tokenFile: '' }, 'lines'],
    ['two\r\nlines', { tokenKept: false, tokenFile: '' }, 'lines'],
  ] as const)('a token %j with %j is %j', (token, context, problem) => {
    expect(tokenProblem(token, context)).toBe(problem);
  });

  it('wants a short name on a line that means something, once in the table', () => {
    const rows = [row('OC', 'open-captions'), row('', 'subtitled'), row(' OC', 'closed-captions'), row('', ''), row('CC', '')];
    expect(rows.map((_, index) => shortNameProblem(rows, index))).toEqual([undefined, 'missing', 'duplicate', undefined, undefined]);
    expect(shortNameProblem(rows, 9)).toBeUndefined();
  });

  it('wants a meaning for a short name given', () => {
    expect(attributeCodeProblem(row('CC', ''))).toBe('missing');
    expect(attributeCodeProblem(row('CC', 'closed-captions'))).toBeUndefined();
    expect(attributeCodeProblem(row('', ''))).toBeUndefined();
    expect(attributeCodeProblem(undefined)).toBeUndefined();
  });

  it('offers the vocabulary, then a code of the link this version does not know', () => {
    expect(attributeCodeChoices([])).toEqual(SHOWTIME_ATTRIBUTES);
    expect(SHOWTIME_ATTRIBUTES).toHaveLength(12);
    expect(attributeCodeChoices(['3d', 'smell-o-vision', 'smell-o-vision', ''])).toEqual([...SHOWTIME_ATTRIBUTES, 'smell-o-vision']);
  });
});

describe('where a refusal of the point of sale lands', () => {
  const rows = [row('OC', 'open-captions'), row('SUB', 'subtitled')];

  it.each([
    ['token', 'token'],
    ['link.provider', 'provider'],
    ['link', 'provider'],
    ['link.tokenFile', 'tokenFile'],
    ['link.attributes.SUB', 'attributes.1.code'],
    ['link.attributes.OC', 'attributes.0.code'],
    ['link.attributes', 'attributes.0.shortName'],
    ['link.attributes.XX', undefined],
    ['parking', undefined],
    ['', undefined],
    [null, undefined],
  ] as const)('%j is the field %j', (field, name) => {
    expect(pointOfSaleFieldAtFault(field, rows)).toBe(name);
  });

  it('names no line of an empty table', () => {
    expect(pointOfSaleFieldAtFault('link.attributes', [])).toBeUndefined();
  });

  it('is a refusal (400, 422) alone', () => {
    expect(refusedPointOfSaleField(new StudioApiError(400, 'invalid_argument', 'required', 'token'), rows)).toBe('token');
    expect(refusedPointOfSaleField(new StudioApiError(422, 'invalid_argument', 'bad', 'link.attributes.OC'), rows)).toBe('attributes.0.code');
    expect(refusedPointOfSaleField(new StudioApiError(403, 'permission_denied', 'no', 'token'), rows)).toBeUndefined();
    expect(refusedPointOfSaleField(new Error('token'), rows)).toBeUndefined();
  });
});

describe('how the point of sale is doing', () => {
  it.each([
    ['not linked', notLinked, 'notLinked'],
    ['linked, never polled', { ...linked, lastSuccessAt: null }, 'waiting'],
    ['linked, polled', linked, 'inStep'],
    ['failed before its last success', { ...linked, lastError: 'time-out', lastErrorAt: '2026-12-03T14:00:00Z' }, 'inStep'],
    ['failed since', { ...linked, lastError: 'HTTP 403', lastErrorAt: '2026-12-03T15:01:00+00:00' }, 'failing'],
    ['failed, never in step', { ...linked, lastSuccessAt: null, lastError: 'HTTP 401', lastErrorAt: '2026-12-03T15:01:00Z' }, 'failing'],
    ['failed at no time it can read', { ...linked, lastErrorAt: 'soon' }, 'inStep'],
  ] as const)('%s: %s', (_, state, health) => {
    expect(pointOfSaleHealth(state)).toBe(health);
  });

  it('says where the token comes from', () => {
    expect(tokenSource(linked)).toBe('kept');
    expect(tokenSource(notLinked)).toBe('none');
    expect(tokenSource({ link: { provider: 'veezi', tokenFile: 'riverfront.token' }, tokenKept: false })).toBe('file');
    expect(tokenSource({ link: { provider: 'veezi', tokenFile: 'riverfront.token' }, tokenKept: true })).toBe('file');
  });

  it('names a provider and a code, one this version does not know as named', () => {
    expect(providerName(t, 'veezi')).toBe('Veezi');
    expect(providerName(t, 'vista')).toBe('vista');
    expect(attributeCodeName(t, 'open-captions')).toBe('Open captions (open-captions)');
    expect(SHOWTIME_ATTRIBUTES.map((code) => attributeCodeName(t, code)).every((name) => !name.startsWith('studio.'))).toBe(true);
    expect(attributeCodeName(t, 'smell-o-vision')).toBe('smell-o-vision');
  });
});
