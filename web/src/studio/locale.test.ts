import { describe, expect, it } from 'vitest';
import { STUDIO_ROLES } from './api';
import { en } from './messages/en';
import { studioLocale } from './locale';

describe('the language the studio speaks', () => {
  it.each([
    [['en-GB', 'fr'], 'en-GB'],
    [['fr-FR', 'en-US'], 'en-US'],
    [['EN-au'], 'en-AU'],
    [['de', 'fr'], 'en'],
    [[], 'en'],
    [['not a tag', 'en'], 'en'],
  ])('of a browser asking for %j is %s', (languages, locale) => {
    expect(studioLocale(languages)).toEqual({ locale, messages: en });
  });
});

describe("the studio's English text", () => {
  it('names every role, on its own and within a sentence', () => {
    for (const role of STUDIO_ROLES) {
      expect(en[`studio.role.${role}`], role).toBeTruthy();
      expect(en[`studio.roleInSentence.${role}`], role).toBeTruthy();
    }
  });

  it('says what is wrong with each field as the form finds it', () => {
    for (const key of ['name.missing', 'name.tooLong', 'email.missing', 'email.invalid']) {
      expect(en[`studio.invitation.${key}`], key).toBeTruthy();
    }
  });
});
