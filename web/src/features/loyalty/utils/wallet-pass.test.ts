import { describe, expect, it } from 'vitest';
import { walletSaveUrl } from './wallet-pass';

describe('walletSaveUrl', () => {
  it('puts the signed token in the template', () => {
    expect(walletSaveUrl(' a.b.c\n', 'https://wallet.example/save/{token}')).toBe('https://wallet.example/save/a.b.c');
  });
});
