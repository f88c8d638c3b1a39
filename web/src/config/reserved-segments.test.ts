import { describe, expect, it } from 'vitest';
import reservedSegments from '../../../fixtures/reserved-segments.json';
import { HAND_OFF_SEGMENTS } from './hand-offs';
import { paths } from './paths';

// A content page at /{slug}/ would hide a route whose first segment is its slug: the
// catalogue refuses those slugs (site-paths/src/reserved.rs reads the same fixture).
describe('fixtures/reserved-segments.json', () => {
  it('holds the first segment of every route of the app', () => {
    const firstSegments = Object.values(paths)
      .flatMap((path) => ('pattern' in path ? [path.pattern.split('/')[1] ?? ''] : []))
      .filter((segment) => segment !== '' && !segment.startsWith(':') && segment !== '*');
    expect(firstSegments.length).toBeGreaterThan(5);
    for (const segment of firstSegments) expect(reservedSegments).toContain(segment);
  });

  it('holds the first segment of every hand-off', () => {
    for (const segment of HAND_OFF_SEGMENTS) expect(reservedSegments).toContain(segment.split('/')[0]);
  });
});
