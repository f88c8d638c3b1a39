import { describe, expect, it, vi } from 'vitest';
import type { LoyaltySessionController } from './session-controller';
import { retainController, sharedController } from './session-registry';

function fakeController() {
  return { start: vi.fn(), stop: vi.fn() } as unknown as LoyaltySessionController;
}

describe('session registry', () => {
  it('shares one controller, started by its first user and stopped and forgotten after its last', () => {
    const first = sharedController('k', fakeController);
    expect(sharedController('k', fakeController)).toBe(first);
    const releaseA = retainController('k');
    const releaseB = retainController('k');
    expect(first.start).toHaveBeenCalledTimes(1);
    releaseA();
    expect(first.stop).not.toHaveBeenCalled();
    releaseB();
    expect(first.stop).toHaveBeenCalledTimes(1);
    expect(sharedController('k', fakeController)).not.toBe(first);
  });
});
