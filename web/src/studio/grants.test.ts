import { describe, expect, it } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import { en } from './messages/en';
import { roleName, theaterList } from './grants';

const t = createTranslate('en', en);

describe('how the studio words a grant', () => {
  it.each([
    ['operator', 'Operator', 'operator'],
    ['theater-manager', 'Theater manager', 'theater manager'],
    ['support', 'Member support', 'member support'],
    ['publisher', 'publisher', 'publisher'],
  ])('names the role %s %j, and %j within a sentence', (role, label, sentence) => {
    expect(roleName(t, role)).toBe(label);
    expect(roleName(t, role, 'sentence')).toBe(sentence);
  });

  it('lists theaters as a sentence would', () => {
    expect(theaterList('en', ['101'])).toBe('101');
    expect(theaterList('en', ['101', '102', '103'])).toBe('101, 102, and 103');
  });
});
