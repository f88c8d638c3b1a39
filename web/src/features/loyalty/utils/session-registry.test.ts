import { describe, expect, it, vi } from 'vitest';
import type { LoyaltySessionController } from './session-controller';
import { retainController, sharedController } from './session-registry';

function fakeController() {
  const start = vi.fn();
  const stop = vi.fn();
  return { controller: { start, stop } as unknown as LoyaltySessionController, start, stop };
}

describe('session registry', () => {
  it('shares one controller, started by its first user and stopped and forgotten after its last', () => {
    const fake = fakeController();
    const first = sharedController('k', () => fake.controller);
    expect(sharedController('k', () => fakeController().controller)).toBe(first);
    const releaseA = retainController('k');
    const releaseB = retainController('k');
    expect(fake.start).toHaveBeenCalledTimes(1);
    releaseA();
    expect(fake.stop).not.toHaveBeenCalled();
    releaseB();
    expect(fake.stop).toHaveBeenCalledTimes(1);
    expect(sharedController('k', () => fakeController().controller)).not.toBe(first);
  });
});
