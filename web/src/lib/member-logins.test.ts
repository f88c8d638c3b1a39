import { describe, expect, it, vi } from 'vitest';
import { announceMemberLogin, onMemberLogin } from './member-logins';

describe('member logins', () => {
  it('hands a listener the member id and the login time', () => {
    const heard = vi.fn();
    const stop = onMemberLogin(heard);
    announceMemberLogin('m1', new Date('2026-11-23T05:00:00Z'));
    stop();
    announceMemberLogin('m2', new Date('2026-11-23T06:00:00Z'));
    expect(heard.mock.calls).toEqual([[{ memberId: 'm1', loginDateTime: '2026-11-23T05:00:00.000Z' }]]);
    // Drain what waited for the next listener.
    onMemberLogin(() => undefined)();
  });

  it('keeps a sign-in made before anyone listens for the first listener, once', () => {
    announceMemberLogin('early', new Date('2026-11-23T05:00:00Z'));
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onMemberLogin(first);
    const stopSecond = onMemberLogin(second);
    expect(first).toHaveBeenCalledWith({ memberId: 'early', loginDateTime: '2026-11-23T05:00:00.000Z' });
    expect(second).not.toHaveBeenCalled();
    stopFirst();
    stopSecond();
  });

  it('keeps only the last few sign-ins while nobody listens', () => {
    for (let index = 0; index < 20; index += 1) announceMemberLogin(`m${index}`);
    const heard = vi.fn();
    onMemberLogin(heard)();
    expect(heard).toHaveBeenCalledTimes(8);
    expect(heard).toHaveBeenLastCalledWith(expect.objectContaining({ memberId: 'm19' }));
  });
});
