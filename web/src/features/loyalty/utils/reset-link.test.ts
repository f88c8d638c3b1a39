import { describe, expect, it } from 'vitest';
import { resetRequest } from './reset-link';

describe('resetRequest', () => {
  it('reads the code alone for BOOST_POS', () => {
    expect(resetRequest('?resetCode=abc&email=x%40y.example', 'BOOST_POS')).toEqual({ resetCode: 'abc' });
  });

  it('reads uid and token for TAPOS', () => {
    expect(resetRequest('?uid=m1&token=t1', 'TAPOS')).toEqual({ resetCode: 't1', uid: 'm1' });
  });

  it('reads the e-mail address for other providers', () => {
    expect(resetRequest('?resetCode=abc&email=x%40y.example', 'RTS')).toEqual({ resetCode: 'abc', email: 'x@y.example' });
  });
});
