// The rules a draft record's editors share (a page's, an event's): how a save or a removal
// that failed is said, but of a field (that lands on the field).
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';

/**
 * What is said of a save, or a removal, of a draft record that failed, but of a field, in
 * the words of `messages` (`studio.event`, a save's; `studio.event.remove`, a removal's):
 * its `.forbidden`, the role on the site `site` does not allow it (403); `.unavailable`,
 * the studio's service is away (503); `.refused`, the studio's refusal in its own words
 * (another 4xx); `.failed`, no answer, or the server's failure.
 */
export function draftRecordFailureText(t: Translate, error: unknown, messages: string, site: string): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t(`${messages}.forbidden`, { site });
    if (error.status === 503) return t(`${messages}.unavailable`);
    if (error.status < 500) return t(`${messages}.refused`, { message: error.message });
  }
  return t(`${messages}.failed`);
}
