// What the media library's forms check before they send anything (the server checks again,
// and its refusal lands on the field it names: docs/studio.md#media), and how an image's
// facts are worded.
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { StudioApiError } from './api';

/** The longest alt text the library keeps, in characters. */
export const ALT_MAX_CHARACTERS = 500;

/** The largest file the library takes (413 past it, as the body arrives). */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** The kinds of image the library takes, as a file input's `accept` names them. */
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type AltProblem = 'missing' | 'tooLong' | 'lineBreak';
export type MediaFileProblem = 'missing' | 'type' | 'tooLarge';

/**
 * What is wrong with an image's alt text as typed (it is sent trimmed), as svc-catalogue
 * judges it: required, at most 500 characters (not UTF-16 units), one line (no line break
 * nor any other control character). Undefined when nothing is.
 */
export function altProblem(alt: string): AltProblem | undefined {
  const trimmed = alt.trim();
  if (trimmed === '') return 'missing';
  if (Array.from(trimmed).length > ALT_MAX_CHARACTERS) return 'tooLong';
  if (/\p{Cc}/u.test(trimmed)) return 'lineBreak';
  return undefined;
}

/**
 * What is wrong with the file chosen, as far as the browser can tell: none chosen, one
 * whose type is not a JPEG, PNG or WebP image (an SVG, a GIF), or one over 10 MiB. Whether
 * its bytes are the image its type says is the server's to judge.
 */
export function mediaFileProblem(file: Pick<File, 'type' | 'size'> | undefined | null): MediaFileProblem | undefined {
  if (!file) return 'missing';
  if (!(MEDIA_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MEDIA_MAX_BYTES) return 'tooLarge';
  return undefined;
}

/** A refusal of one field of the library's forms, and what is said on it. */
export type MediaFieldRefusal = { field: 'file' | 'alt'; message: string };

/**
 * The field of the library's forms a refusal is about, and what is said on it: the field a
 * 400 names (`file`, `alt`), in the server's words; or the file for a 413 (too large, which
 * names no field), in the studio's. Undefined otherwise: said beside the form's button.
 */
export function mediaFieldRefusal(t: Translate, error: unknown): MediaFieldRefusal | undefined {
  if (!(error instanceof StudioApiError)) return undefined;
  if (error.status === 413) return { field: 'file', message: t('studio.media.file.tooLarge') };
  if (error.status === 400 && (error.field === 'file' || error.field === 'alt')) return { field: error.field, message: error.message };
  return undefined;
}

/** What the staff member does to the library, as its messages name it (`studio.media.{action}.failed`). */
export type MediaAction = 'upload' | 'describe' | 'replace' | 'delete';

/**
 * What is said of a change to the library that did not happen, but of a field: the role
 * does not allow it (403), the studio's service is away (503), the studio's refusal in its
 * own words (another 4xx: the image in use, naming where; the site's share full), or no answer.
 */
export function mediaFailureText(t: Translate, error: unknown, site: string, action: MediaAction): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t(`studio.media.${action}.forbidden`, { site });
    if (error.status === 503) return t(`studio.media.${action}.unavailable`);
    if (error.status < 500) return t(`studio.media.${action}.refused`, { message: error.message });
  }
  return t(`studio.media.${action}.failed`);
}

/**
 * An image's files' size, in the staff member's words: kilobytes (1,024 bytes, never less
 * than 1) under a megabyte, megabytes above, to one decimal.
 */
export function mediaSize(t: Translate, bytes: number): string {
  const format = (value: number) => new Intl.NumberFormat(t.locale, { maximumFractionDigits: 1 }).format(value);
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return t('studio.media.size.kb', { size: format(Math.max(1, Math.round(kilobytes))) });
  return t('studio.media.size.mb', { size: format(Math.round((kilobytes / 1024) * 10) / 10) });
}

/**
 * The address of a thumbnail's `attempt`-th load (0: the first): each retry asks again
 * under another query string, which the site ignores (it serves its files by their path),
 * so that neither the browser nor a cache gives back the answer that failed.
 */
export function thumbnailAttemptUrl(url: string, attempt: number): string {
  if (attempt === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}try=${String(attempt)}`;
}
