import { describe, expect, it } from 'vitest';
import { memberCreatePayload, membershipItem } from './member-create';

describe('member create payload', () => {
  const form = { clubId: 'MQ', email: 'ada@example.com', password: 'Secret1!', firstname: 'Ada', lastname: 'L' };

  it('starts from the defaults and takes the username from the e-mail', () => {
    const payload = memberCreatePayload(form);
    expect(payload).toMatchObject({
      clubId: 'MQ',
      username: 'ada@example.com',
      memberId: null,
      zipCode: null,
      houseSize: 0,
      maritalStatus: '',
      sendNewsletter: 'False',
      wishToReceiveSMS: 'False',
      contactByThirdParty: 'False',
      newsletterFrequency: '-1',
      preferredCinemaList: [],
      preferredGenres: [],
      memberLevelId: 0,
      updatePreferences: false,
      memberCardNumber: null,
      email: 'ada@example.com',
      firstname: 'Ada',
    });
  });

  it.each([[undefined], ['']])('sends a zip code of %j as null', (zipCode) => {
    expect(memberCreatePayload({ ...form, zipCode }).zipCode).toBeNull();
  });

  it('lets form values override the defaults', () => {
    const payload = memberCreatePayload({ ...form, zipCode: '10001', mobileNumber: '+15551234567', sendNewsletter: 'True' });
    expect(payload).toMatchObject({ zipCode: '10001', phoneNumber: '+15551234567', sendNewsletter: 'True' });
  });
});

describe('membership item', () => {
  it.each([
    [{ listConcessionGrouping: [{ items: [{ code: 'GOLD', memberLevelId: 4 }] }] }, { code: 'GOLD', memberLevelId: 4 }],
    [{ listConcessionGrouping: [{ items: [{ code: 'BASIC' }] }] }, { code: 'BASIC', memberLevelId: 1 }],
  ])('takes the first item of %j', (list, expected) => {
    expect(membershipItem(list)).toEqual({ ...expected, cost: 0, quantity: 1, isLoyaltyMembershipActivation: true });
  });

  it.each([[{}], [{ listConcessionGrouping: [] }], [{ listConcessionGrouping: [{ items: [{ memberLevelId: 2 }] }] }]])(
    'has none in %j',
    (list) => {
      expect(membershipItem(list)).toBeUndefined();
    },
  );
});
