import type { SearchHit } from '@/types/api';

const KINDS: ReadonlyArray<SearchHit['kind']> = ['movie', 'theater', 'event', 'page'];

export type HitGroup = { kind: SearchHit['kind']; hits: Array<{ hit: SearchHit; index: number }> };

/**
 * Hits grouped by kind (movies, theaters, events, pages), the best first within each; each
 * hit keeps its place in reading order, which arrow keys step through.
 */
export function groupHits(hits: readonly SearchHit[]): HitGroup[] {
  let index = 0;
  return KINDS.map((kind) => ({
    kind,
    hits: hits.filter((hit) => hit.kind === kind).map((hit) => ({ hit, index: index++ })),
  })).filter((group) => group.hits.length > 0);
}

/** The hits in the order the groups show them. */
export function inReadingOrder(groups: readonly HitGroup[]): SearchHit[] {
  return groups.flatMap((group) => group.hits.map(({ hit }) => hit));
}
