import { describe, expect, it } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import { MEMBER_STATUSES } from './api';
import {
  awaitsActivation,
  lookupKind,
  mayBeUnlocked,
  memberLookup,
  memberStatusName,
  reasonProblem,
  sameLookup,
} from './member-rules';
import { en } from './messages/en';

const t = createTranslate('en', en);

describe('what member support looks a member up by', () => {
  it('asks for the address or the card number typed, trimmed', () => {
    expect(memberLookup({ by: 'email', value: ' ana@example.com ' })).toEqual({ email: 'ana@example.com' });
    expect(memberLookup({ by: 'card', value: '1234567890 ' })).toEqual({ card: '1234567890' });
    expect(lookupKind({ email: 'ana@example.com' })).toBe('email');
    expect(lookupKind({ card: '1234567890' })).toBe('card');
  });

  it('tells the same lookup from another', () => {
    expect(sameLookup({ email: 'ana@example.com' }, { email: 'ana@example.com' })).toBe(true);
    expect(sameLookup({ email: 'ana@example.com' }, { email: 'bo@example.com' })).toBe(false);
    expect(sameLookup({ email: '1234567890' }, { card: '1234567890' })).toBe(false);
    expect(sameLookup(null, { card: '1234567890' })).toBe(false);
    expect(sameLookup(null, null)).toBe(true);
  });
});

describe("a member's status", () => {
  it.each([
    ['active', 'Active', false, false],
    ['not-activated', 'Not activated yet', false, true],
    ['locked', 'Locked after failed sign-ins', true, false],
    ['blocked', 'Blocked after repeated lockouts', true, false],
    ['suspended', 'suspended', false, false],
  ])('%s reads %j', (status, name, unlockable, activation) => {
    expect(memberStatusName(t, status)).toBe(name);
    expect(mayBeUnlocked({ status })).toBe(unlockable);
    expect(awaitsActivation({ status })).toBe(activation);
  });

  it('is worded for every status the API names', () => {
    for (const status of MEMBER_STATUSES) expect(en[`studio.members.status.${status}`], status).toBeTruthy();
  });
});

describe("a deletion's reason", () => {
  it.each([
    ['', 'missing'],
    ['   ', 'missing'],
    [' ab ', 'tooShort'],
    ['abc', undefined],
    ['Asked by the member by mail', undefined],
    ['a'.repeat(500), undefined],
    ['a'.repeat(501), 'tooLong'],
    // Characters, not UTF-16 units.
    ['🎟🎟🎟', undefined],
  ])('%j: %s', (reason, problem) => {
    expect(reasonProblem(reason)).toBe(problem);
  });
});
