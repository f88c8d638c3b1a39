// How the studio reads and sets a theater's point of sale (docs/ingest.md#veezi-connector):
// its link as a form's fields and back as the body PUT sends, what the form checks before
// sending (a token when none is kept, one short name a line), where a refusal lands, and
// how the connector is doing, in words. Not through the draft: a change takes effect at
// once. A provider or an attribute code this version does not know is shown as named.
import type { Path } from 'react-hook-form';
import type { Translate } from '@/rules/format-message';
import { POINT_OF_SALE_PROVIDERS, SHOWTIME_ATTRIBUTES, StudioApiError, type PointOfSaleSetting, type PointOfSaleState } from './api';

/** The codes a cinema's attribute short names map to (SHOWTIME_ATTRIBUTES), as text. */
const ATTRIBUTE_CODES: readonly string[] = SHOWTIME_ATTRIBUTES;

/** A line of the attributes table: the cinema's short name ("OC") and the vocabulary code it means ("open-captions"). */
export type AttributeRow = { shortName: string; code: string };

/**
 * The point of sale's form: the provider, the token file read instead of an uploaded token
 * ('' for the token uploaded here), the token pasted (always empty to begin with: the
 * token is never read back), and the attributes table.
 */
export type PointOfSaleFields = {
  provider: string;
  tokenFile: string;
  token: string;
  attributes: AttributeRow[];
};

/** A field of the form, as react-hook-form names it (`attributes.2.code`). */
export type PointOfSaleFieldName = Path<PointOfSaleFields>;

/** A new line of the attributes table: no short name, no meaning chosen. */
export function attributeRow(): AttributeRow {
  return { shortName: '', code: '' };
}

/** The form's fields as the theater's point of sale fills them: a theater not linked starts from the first provider. */
export function pointOfSaleFields(state: Pick<PointOfSaleState, 'link'>): PointOfSaleFields {
  const link = state.link;
  return {
    provider: link?.provider || POINT_OF_SALE_PROVIDERS[0],
    tokenFile: link?.tokenFile ?? '',
    token: '',
    attributes: Object.entries(link?.attributes ?? {}).map(([shortName, code]) => ({ shortName, code })),
  };
}

/** The lines of the table that say something: a line left wholly empty is none. */
function givenRows(rows: readonly AttributeRow[]): AttributeRow[] {
  return rows.filter((row) => row.shortName.trim() !== '' || row.code !== '');
}

/**
 * The body PUT sends to link the theater: the provider, the token file (trimmed; '' for
 * the token uploaded here), the table as `{shortName: code}` (empty lines left out), and
 * the token pasted, trimmed, only when one is (a link saved without it keeps the token
 * kept).
 */
export function pointOfSaleSetting(fields: PointOfSaleFields): PointOfSaleSetting {
  const token = fields.token.trim();
  const attributes = Object.fromEntries(givenRows(fields.attributes).map((row) => [row.shortName.trim(), row.code]));
  return {
    link: { provider: fields.provider, tokenFile: fields.tokenFile.trim(), attributes },
    ...(token === '' ? {} : { token }),
  };
}

/** The body PUT sends to unlink the theater: its schedule is then pushed through the ingest API, and the token uploaded is forgotten. */
export const UNLINKED: PointOfSaleSetting = { link: null };

/**
 * What is wrong with the token pasted, if anything: none where the connector would have
 * none (no token kept, no token file named) is `missing`; a token is one line (`lines`).
 */
export function tokenProblem(token: string, { tokenKept, tokenFile }: { tokenKept: boolean; tokenFile: string }): 'missing' | 'lines' | undefined {
  const value = token.trim();
  if (value === '') return tokenKept || tokenFile.trim() !== '' ? undefined : 'missing';
  return /[\r\n]/.test(value) ? 'lines' : undefined;
}

/**
 * What is wrong with the short name of the table's line `index`, if anything: none on a
 * line that means something is `missing`; one an earlier line has is a `duplicate` (the
 * table maps each short name once).
 */
export function shortNameProblem(rows: readonly AttributeRow[], index: number): 'missing' | 'duplicate' | undefined {
  const row = rows[index];
  if (!row) return undefined;
  const name = row.shortName.trim();
  if (name === '') return row.code === '' ? undefined : 'missing';
  return rows.slice(0, index).some((other) => other.shortName.trim() === name) ? 'duplicate' : undefined;
}

/** What is wrong with what a line of the table means, if anything: a short name given without a meaning is `missing` one. */
export function attributeCodeProblem(row: AttributeRow | undefined): 'missing' | undefined {
  return row && row.shortName.trim() !== '' && row.code === '' ? 'missing' : undefined;
}

/**
 * The codes a line of the table chooses from: the vocabulary, then any of `linked` (the
 * codes the theater's link has) that this version does not know, kept so that saving the
 * link as it is does not drop them.
 */
export function attributeCodeChoices(linked: readonly string[]): string[] {
  const others = linked.filter((code) => code !== '' && !ATTRIBUTE_CODES.includes(code));
  return [...ATTRIBUTE_CODES, ...new Set(others)];
}

/**
 * The form's field the server's `field` names, where the refusal is said and which takes
 * the focus: `token`; `link.provider` (and `link`, the link as a whole) the provider;
 * `link.tokenFile` the token file; `link.attributes.OC` what the line of the short name OC
 * means. Undefined for a field the form has not (a short name no line has): said below the
 * form.
 */
export function pointOfSaleFieldAtFault(field: string | null | undefined, rows: readonly AttributeRow[]): PointOfSaleFieldName | undefined {
  if (!field) return undefined;
  if (field === 'token') return 'token';
  if (field === 'link' || field === 'link.provider') return 'provider';
  if (field === 'link.tokenFile') return 'tokenFile';
  if (field === 'link.attributes') return rows.length > 0 ? 'attributes.0.shortName' : undefined;
  const shortName = /^link\.attributes\.(.+)$/.exec(field)?.[1];
  if (shortName === undefined) return undefined;
  const index = rows.findIndex((row) => row.shortName.trim() === shortName);
  return index < 0 ? undefined : `attributes.${index}.code`;
}

/** The form's field a refused setting (400, 422) names, if the form has it. */
export function refusedPointOfSaleField(error: unknown, rows: readonly AttributeRow[]): PointOfSaleFieldName | undefined {
  if (!(error instanceof StudioApiError) || (error.status !== 400 && error.status !== 422)) return undefined;
  return pointOfSaleFieldAtFault(error.field, rows);
}

/**
 * How the theater's schedule comes in: `notLinked` (pushed through the ingest API);
 * linked and `waiting` for the connector's first poll that brings it in step; `inStep`;
 * or `failing`, its last failure no older than its last success (the site keeps the last
 * schedule it brought in).
 */
export type PointOfSaleHealth = 'notLinked' | 'waiting' | 'inStep' | 'failing';

/** An RFC 3339 time as milliseconds, or undefined for none (or one that is no time). */
function instant(at: string | null | undefined): number | undefined {
  if (!at) return undefined;
  const time = new Date(at).getTime();
  return Number.isNaN(time) ? undefined : time;
}

export function pointOfSaleHealth(state: Pick<PointOfSaleState, 'link' | 'lastSuccessAt' | 'lastErrorAt'>): PointOfSaleHealth {
  if (!state.link) return 'notLinked';
  const succeeded = instant(state.lastSuccessAt);
  const failed = instant(state.lastErrorAt);
  if (failed !== undefined && (succeeded === undefined || failed >= succeeded)) return 'failing';
  return succeeded === undefined ? 'waiting' : 'inStep';
}

/**
 * Where the connector's token comes from: a token `file` the link names (in the
 * connector's folder), the one uploaded here and `kept`, or `none` yet.
 */
export function tokenSource(state: Pick<PointOfSaleState, 'link' | 'tokenKept'>): 'file' | 'kept' | 'none' {
  if (state.link?.tokenFile) return 'file';
  return state.tokenKept ? 'kept' : 'none';
}

/** "Veezi"; a provider this version does not know, as named. */
export function providerName(t: Translate, provider: string): string {
  return (POINT_OF_SALE_PROVIDERS as readonly string[]).includes(provider) ? t(`studio.pointOfSale.provider.${provider}`) : provider;
}

/** "Open captions (open-captions)": a code of the vocabulary with its meaning; one this version does not know, as named. */
export function attributeCodeName(t: Translate, code: string): string {
  return ATTRIBUTE_CODES.includes(code) ? t('studio.pointOfSale.code', { name: t(`studio.pointOfSale.code.${code}`), code }) : code;
}
