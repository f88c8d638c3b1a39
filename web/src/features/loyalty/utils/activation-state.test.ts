import { describe, expect, it } from 'vitest';
import { activationEmail, activationState } from './activation-state';

describe("the activation screen's e-mail address, handed over in the navigation state", () => {
  it.each<[unknown, string | undefined]>([
    [activationState('grace@example.com'), 'grace@example.com'],
    [null, undefined],
    [{ shouldUpdateScroll: false }, undefined],
    [{ email: 7 }, undefined],
  ])('%j gives %j', (state, expected) => {
    expect(activationEmail(state)).toBe(expected);
  });
});
