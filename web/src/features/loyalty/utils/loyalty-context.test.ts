import { describe, expect, it } from 'vitest';
import { loyaltyContext } from './loyalty-context';

describe('loyalty context', () => {
  it('takes circuit, club, provider and version from the configuration', () => {
    expect(loyaltyContext({ circuitId: '77', clubId: 'C', provider: 'BOOST_POS', version: 3 }, '102')).toEqual({
      circuitId: '77',
      cinemaId: '102',
      clubId: 'C',
      provider: 'BOOST_POS',
      version: 3,
      brand: 'boxoffice',
    });
  });

  it.each([
    [{ cinemaId: '101' }, '102', '101'],
    [{ cinemaId: '' }, '102', '102'],
    [{}, undefined, ''],
  ])('uses the configured cinema %j before the visitor theater %j', (config, theater, cinemaId) => {
    expect(loyaltyContext(config, theater).cinemaId).toBe(cinemaId);
  });

  it('falls back to version 1 and the boxoffice brand', () => {
    expect(loyaltyContext({ version: 2, brand: '' }, undefined)).toMatchObject({ version: 1, brand: 'boxoffice', provider: 'NONE' });
  });
});
