import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMemberMenuOpen } from './use-member-menu-open';

type Props = { pathname: string; member: string | null | undefined };

function openMenu(initial: Props) {
  const hook = renderHook((props: Props) => useMemberMenuOpen(props.pathname, props.member), { initialProps: initial });
  act(() => hook.result.current[1](true));
  return hook;
}

describe('useMemberMenuOpen', () => {
  it('stays open while the session is checked again and the check confirms the member', () => {
    const hook = openMenu({ pathname: '/theaters/103-harbor/', member: 'M1' });
    hook.rerender({ pathname: '/theaters/103-harbor/', member: undefined });
    expect(hook.result.current[0]).toBe(true);
    hook.rerender({ pathname: '/theaters/103-harbor/', member: 'M1' });
    expect(hook.result.current[0]).toBe(true);
  });

  it('stays open when the first check names the member the cookie announced', () => {
    const hook = openMenu({ pathname: '/', member: undefined });
    hook.rerender({ pathname: '/', member: 'M1' });
    expect(hook.result.current[0]).toBe(true);
  });

  it('closes for another member, after a check or not', () => {
    const hook = openMenu({ pathname: '/', member: 'M1' });
    hook.rerender({ pathname: '/', member: undefined });
    hook.rerender({ pathname: '/', member: 'M2' });
    expect(hook.result.current[0]).toBe(false);
  });

  it('closes when the member signs out', () => {
    const hook = openMenu({ pathname: '/', member: 'M1' });
    hook.rerender({ pathname: '/', member: null });
    expect(hook.result.current[0]).toBe(false);
  });

  it('closes on another page', () => {
    const hook = openMenu({ pathname: '/', member: 'M1' });
    hook.rerender({ pathname: '/movies/', member: 'M1' });
    expect(hook.result.current[0]).toBe(false);
  });
});
