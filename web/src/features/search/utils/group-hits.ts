import type { SearchHit } from '@/types/api';

export type HitGroup = { kind: SearchHit['kind']; hits: Array<{ hit: SearchHit; index: number }> };

/**
 * Hits grouped by kind, the group of the best hit first and the best first within each;
 * each hit keeps its place in reading order, which arrow keys step through.
 */
export function groupHits(hits: readonly SearchHit[]): HitGroup[] {
  const kinds = [...new Set(hits.map((hit) => hit.kind))];
  let index = 0;
  return kinds.map((kind) => ({
    kind,
    hits: hits.filter((hit) => hit.kind === kind).map((hit) => ({ hit, index: index++ })),
  }));
}

/** The hits in the order the groups show them. */
export function inReadingOrder(groups: readonly HitGroup[]): SearchHit[] {
  return groups.flatMap((group) => group.hits.map(({ hit }) => hit));
}
