import { describe, expect, it } from 'vitest';
import handOffs from '../../../fixtures/hand-offs.json';
import { HAND_OFF_SEGMENTS } from './hand-offs';

describe('HAND_OFF_SEGMENTS', () => {
  it('are the gateway’s hand-offs, in its order (fixtures/hand-offs.json, site-paths HAND_OFFS)', () => {
    expect(HAND_OFF_SEGMENTS).toEqual(handOffs.map(({ segment }) => segment));
  });
});
