import { describe, expect, it } from 'vitest';
import type { SearchHit } from '@/types/api';
import { groupHits, inReadingOrder } from './group-hits';

const hit = (id: string, kind: SearchHit['kind']): SearchHit => ({ id, kind, title: id, path: `/${id}/` });

describe('groupHits', () => {
  it('groups by kind, the best hit’s group first, best first within each, numbered in reading order', () => {
    const groups = groupHits([hit('t1', 'theater'), hit('m1', 'movie'), hit('p1', 'page'), hit('m2', 'movie')]);
    expect(groups.map((group) => group.kind)).toEqual(['theater', 'movie', 'page']);
    expect(groups[1]?.hits.map(({ hit: h, index }) => [h.id, index])).toEqual([
      ['m1', 1],
      ['m2', 2],
    ]);
    expect(inReadingOrder(groups).map((h) => h.id)).toEqual(['t1', 'm1', 'm2', 'p1']);
  });

  it('has no groups for no hits', () => {
    expect(groupHits([])).toEqual([]);
  });
});
