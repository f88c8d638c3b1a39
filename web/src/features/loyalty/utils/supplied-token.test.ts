import { describe, expect, it, vi } from 'vitest';
import { takeSuppliedToken } from './supplied-token';

describe('takeSuppliedToken', () => {
  it('takes the provider token out of the address', () => {
    const replace = vi.fn();
    expect(takeSuppliedToken('BOOST_POS', { search: '?sessionToken=t1&utm_source=x', replace })).toBe('t1');
    expect(replace).toHaveBeenCalledWith('?utm_source=x');
  });

  it('leaves an address without one alone', () => {
    const replace = vi.fn();
    expect(takeSuppliedToken('RTS', { search: '?sessionToken=t1', replace })).toBeUndefined();
    expect(replace).not.toHaveBeenCalled();
  });
});
