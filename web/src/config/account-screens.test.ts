import { describe, expect, it } from 'vitest';
import { ACCOUNT_SCREENS } from './paths';

// The gateway answers 404 for an /account/ address whose screen is not in
// site-paths/account-screens.json; the app's router must know the same screens.
const served = Object.values(
  import.meta.glob<string[]>('../../../site-paths/account-screens.json', { eager: true, import: 'default' }),
)[0];

describe('the member screens', () => {
  it('are the ones the gateway serves', () => {
    expect(served?.length).toBeGreaterThan(0);
    expect([...ACCOUNT_SCREENS].sort()).toEqual([...(served ?? [])].sort());
  });
});
