import { describe, expect, it, vi } from 'vitest';
import { announceMemberLogin, MEMBER_LOGIN_EVENT } from './login-event';

describe('announceMemberLogin', () => {
  it('dispatches the member id and the login time', () => {
    const target = new EventTarget();
    const heard = vi.fn();
    target.addEventListener(MEMBER_LOGIN_EVENT, (event) => heard((event as CustomEvent).detail));
    announceMemberLogin('m1', new Date('2026-11-23T05:00:00Z'), target);
    expect(heard).toHaveBeenCalledWith({ memberId: 'm1', loginDateTime: '2026-11-23T05:00:00.000Z' });
  });
});
