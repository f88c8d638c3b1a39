import { describe, expect, it } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import { StudioApiError, type TheaterDetails } from './api';
import { en } from './messages/en';
import {
  addressLines,
  clockTime,
  clockTimeProblem,
  closesNextDay,
  draftTheaterStateName,
  invalidFieldNames,
  namesADay,
  noteLines,
  openingDaysText,
  openingHoursLine,
  openingHoursText,
  parkingChars,
  parkingProblem,
  positionProblem,
  refusedTheaterField,
  theaterDetailsBody,
  theaterEmailProblem,
  theaterFieldAtFault,
  theaterFields,
  timeZoneProblem,
  type TheaterFields,
} from './theater-rules';
import { weekDayName } from '@/rules/week-days';

const t = createTranslate('en', en);

/** Marquee Riverfront as the draft describes it (site/demo/theaters.json, with hours and parking). */
const riverfront: TheaterDetails = {
  id: '101',
  name: 'Marquee Riverfront',
  address: { street: '40 Dyer Street', city: 'Providence', state: 'RI', zipCode: '02903', country: 'US' },
  phone: '(401) 555-0140',
  email: 'riverfront@marqueecinemas.example',
  description: 'Eight screens on the river walk.',
  amenities: ['Recliner seating', 'Dolby Atmos'],
  accessibility: ['Step-free entrance from the river walk'],
  parking: 'Garage on Dyer Street.\nValidated for 3 hours.',
  openingHours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '11:00', closes: '23:00' },
    { days: ['Friday', 'Saturday'], opens: '10:00', closes: '01:30' },
  ],
  timeZone: 'America/New_York',
  latitude: 41.8236,
  longitude: -71.4082,
};

const none = { Monday: false, Tuesday: false, Wednesday: false, Thursday: false, Friday: false, Saturday: false, Sunday: false };

/** Riverfront's fields as its form has them. */
const riverfrontFields: TheaterFields = {
  address: { street: '40 Dyer Street', city: 'Providence', state: 'RI', zipCode: '02903', country: 'US' },
  phone: '(401) 555-0140',
  email: 'riverfront@marqueecinemas.example',
  description: 'Eight screens on the river walk.',
  openingHours: [
    { days: { ...none, Monday: true, Tuesday: true, Wednesday: true, Thursday: true }, opens: '11:00', closes: '23:00' },
    { days: { ...none, Friday: true, Saturday: true }, opens: '10:00', closes: '01:30' },
  ],
  parking: 'Garage on Dyer Street.\nValidated for 3 hours.',
  accessibility: 'Step-free entrance from the river walk',
  amenities: 'Recliner seating\nDolby Atmos',
  timeZone: 'America/New_York',
  latitude: '41.8236',
  longitude: '-71.4082',
};

describe("a theater's form fields and the body PUT sends", () => {
  it('fills the form from the theater, its notes one a line and its hours a checkbox a day', () => {
    expect(theaterFields(riverfront)).toEqual(riverfrontFields);
  });

  it('sends every descriptive field back as it came, but the id and name (the point of sale’s)', () => {
    const described: Partial<TheaterDetails> = { ...riverfront };
    delete described.id;
    delete described.name;
    expect(theaterDetailsBody(theaterFields(riverfront))).toEqual(described);
  });

  it('fills a theater with nothing given with empty fields, and sends it back so', () => {
    const bare: TheaterDetails = { id: '102', name: 'Marquee Uptown', address: null };
    const fields = theaterFields(bare);
    expect(fields).toEqual({
      address: { street: '', city: '', state: '', zipCode: '', country: '' },
      phone: '',
      email: '',
      description: '',
      openingHours: [],
      parking: '',
      accessibility: '',
      amenities: '',
      timeZone: '',
      latitude: '',
      longitude: '',
    });
    expect(theaterDetailsBody(fields)).toEqual({
      address: null,
      phone: '',
      email: '',
      description: '',
      amenities: [],
      accessibility: [],
      parking: '',
      openingHours: [],
      timeZone: '',
      latitude: 0,
      longitude: 0,
    });
  });

  it('trims what is typed, drops empty note lines, keeps an address with one part given, and names the days in the week’s order', () => {
    const body = theaterDetailsBody({
      ...riverfrontFields,
      address: { street: '', city: ' Providence ', state: '', zipCode: '', country: '' },
      parking: '  Free after 6pm  \n',
      accessibility: '\n  Step-free entrance \r\n\n Hearing loop  \n',
      amenities: '   ',
      openingHours: [{ days: { ...none, Sunday: true, Monday: true }, opens: '09:30:00', closes: '22:00' }],
      latitude: ' 41.8 ',
      longitude: '-71',
    });
    expect(body.address).toEqual({ street: '', city: 'Providence', state: '', zipCode: '', country: '' });
    expect(body.parking).toBe('Free after 6pm');
    expect(body.accessibility).toEqual(['Step-free entrance', 'Hearing loop']);
    expect(body.amenities).toEqual([]);
    expect(body.openingHours).toEqual([{ days: ['Monday', 'Sunday'], opens: '09:30', closes: '22:00' }]);
    expect([body.latitude, body.longitude]).toEqual([41.8, -71]);
  });

  it('shows a theater on the equator or the meridian as placed, and one at 0 and 0 as not placed', () => {
    expect(theaterFields({ ...riverfront, latitude: 0, longitude: 32.5 })).toMatchObject({ latitude: '0', longitude: '32.5' });
    expect(theaterFields({ ...riverfront, latitude: 0, longitude: 0 })).toMatchObject({ latitude: '', longitude: '' });
  });

  it('makes a new line of opening hours with no day and no times', () => {
    expect(openingHoursLine()).toEqual({ days: none, opens: '', closes: '' });
    expect(namesADay(openingHoursLine())).toBe(false);
    expect(namesADay({ days: { ...none, Sunday: true } })).toBe(true);
  });

  it.each([
    ['one note', ['one note']],
    ['a\nb\r\nc\rd', ['a', 'b', 'c', 'd']],
    ['\n\n  \n', []],
    ['', []],
  ])('reads %j as the notes %j', (text, notes) => {
    expect(noteLines(text)).toEqual(notes);
  });
});

describe('what is checked before anything is sent', () => {
  it.each([
    ['09:30', undefined],
    ['00:00', undefined],
    ['23:59', undefined],
    ['09:30:15', undefined],
    ['', 'missing'],
    ['24:00', 'invalid'],
    ['9:30', 'invalid'],
    ['12:60', 'invalid'],
    ['noon', 'invalid'],
  ])('the time %j: %s', (time, problem) => {
    expect(clockTimeProblem(time)).toBe(problem);
  });

  it('takes a time input’s value with seconds as HH:MM', () => {
    expect(clockTime('21:45:00')).toBe('21:45');
    expect(clockTime('21:45:00.000')).toBe('21:45');
    expect(clockTime('21:45')).toBe('21:45');
  });

  it.each([
    ['10:00', '01:30', true],
    ['10:00', '23:00', false],
    ['10:00', '10:00', false],
    ['', '01:30', false],
  ])('a line from %s to %s closes the next day: %s', (opens, closes, nextDay) => {
    expect(closesNextDay(opens, closes)).toBe(nextDay);
  });

  it('counts parking notes as the server does, by character, and takes 2,000 at most', () => {
    expect(parkingChars('🅿️ Garage')).toBe(9);
    expect(parkingProblem('x'.repeat(2000))).toBeUndefined();
    expect(parkingProblem(` ${'x'.repeat(2000)} `)).toBeUndefined();
    expect(parkingProblem('x'.repeat(2001))).toBe('tooLong');
  });

  it.each([
    ['', undefined],
    ['America/Chicago', undefined],
    ['Europe/Paris', undefined],
    ['UTC', undefined],
    ['Mars/Olympus', 'invalid'],
    ['+05:00', 'invalid'],
    ['Central Time', 'invalid'],
  ])('the time zone %j: %s', (zone, problem) => {
    expect(timeZoneProblem(zone)).toBe(problem);
  });

  it.each([
    ['', undefined],
    ['riverfront@marquee.example', undefined],
    ['riverfront', 'invalid'],
    ['river front@marquee.example', 'invalid'],
  ])('the e-mail address %j: %s', (email, problem) => {
    expect(theaterEmailProblem(email)).toBe(problem);
  });

  it.each([
    ['41.8236', '-71.4082', 'latitude', undefined],
    ['', '', 'latitude', undefined],
    ['-90', '0', 'latitude', undefined],
    ['90.5', '0', 'latitude', 'invalid'],
    ['-180', '0', 'longitude', undefined],
    ['180.01', '0', 'longitude', 'invalid'],
    ['41,8', '0', 'latitude', 'invalid'],
    ['north', '0', 'latitude', 'invalid'],
    ['', '-71.4', 'latitude', 'missing'],
    ['.5', '1', 'longitude', undefined],
  ] as const)('the position %j beside %j, as its %s: %s', (value, other, axis, problem) => {
    expect(positionProblem(value, other, axis)).toBe(problem);
  });
});

describe('the fields found wrong', () => {
  it('names each field react-hook-form holds an error for, nested as the form is', () => {
    const errors = {
      parking: { type: 'validate', message: 'too long' },
      // A field array's errors: a line with none is a hole.
      openingHours: [undefined, { days: { Monday: { type: 'validate', message: 'no day' } }, closes: { type: 'validate', message: 'no time' } }],
      address: { zipCode: { type: 'server', message: 'refused' } },
    };
    expect(invalidFieldNames(errors)).toEqual(['parking', 'openingHours.1.days.Monday', 'openingHours.1.closes', 'address.zipCode']);
    expect(invalidFieldNames({})).toEqual([]);
  });
});

describe('the field a refusal names', () => {
  it.each([
    ['openingHours[0].opens', 'openingHours.0.opens'],
    ['openingHours[1].closes', 'openingHours.1.closes'],
    ['openingHours[1].days', 'openingHours.1.days.Monday'],
    ['openingHours[1].days[2]', 'openingHours.1.days.Monday'],
    ['openingHours[1]', 'openingHours.1.days.Monday'],
    ['openingHours[2].opens', undefined],
    ['openingHours', undefined],
    ['parking', 'parking'],
    ['timeZone', 'timeZone'],
    ['latitude', 'latitude'],
    ['longitude', 'longitude'],
    ['email', 'email'],
    ['phone', 'phone'],
    ['description', 'description'],
    ['amenities', 'amenities'],
    ['accessibility[3]', 'accessibility'],
    ['address', 'address.street'],
    ['address.zipCode', 'address.zipCode'],
    ['name', undefined],
    ['screens', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j: %j, with two lines of opening hours', (field, name) => {
    expect(theaterFieldAtFault(field, 2)).toBe(name);
  });

  it('is read from a refusal (400, 422) alone', () => {
    expect(refusedTheaterField(new StudioApiError(400, 'invalid_argument', 'bad', 'openingHours[0].opens'), 1)).toBe('openingHours.0.opens');
    expect(refusedTheaterField(new StudioApiError(403, 'permission_denied', 'no', 'parking'), 1)).toBeUndefined();
    expect(refusedTheaterField(new Error('parking'), 1)).toBeUndefined();
  });
});

describe('a theater as a read-only role reads it', () => {
  it('names the days in the studio’s language, whole or short', () => {
    expect(weekDayName('en', 'Monday')).toBe('Monday');
    expect(weekDayName('en', 'Sunday', 'short')).toBe('Sun');
    expect(weekDayName('fr', 'Wednesday')).toBe('mercredi');
  });

  it('reads a line of opening hours, its days in the week’s order, and one past midnight so', () => {
    expect(openingDaysText('en', ['Saturday', 'Friday'])).toBe('Friday and Saturday');
    expect(openingHoursText(t, { days: ['Monday', 'Tuesday', 'Sunday'], opens: '11:00', closes: '23:00' })).toBe('Monday, Tuesday, and Sunday: 11:00 to 23:00');
    expect(openingHoursText(t, { days: ['Friday', 'Saturday'], opens: '10:00', closes: '01:30' })).toBe('Friday and Saturday: 10:00 to 01:30 the next day');
  });

  it('reads an address as its lines, the parts given alone', () => {
    expect(addressLines(riverfront.address)).toEqual(['40 Dyer Street', 'Providence, RI 02903', 'US']);
    expect(addressLines({ city: 'Providence', country: '' })).toEqual(['Providence']);
    expect(addressLines(null)).toEqual([]);
  });

  it('says where a theater stands in the draft; a state a later version adds, as named', () => {
    expect(draftTheaterStateName(t, 'published')).toBe('Published');
    expect(draftTheaterStateName(t, 'changed')).toBe('Changed in the draft');
    expect(draftTheaterStateName(t, 'renamed')).toBe('renamed');
  });
});
