import { describe, expect, it } from 'vitest';
import { cypherRequestInit, refreshHeaderName, sessionHeaderName } from './cypher-envelope';

describe('cypher envelope', () => {
  it.each([
    ['boxoffice', 'Boxoffice-Session-Token', 'Boxoffice-Refresh-Session-Token'],
    ['marquee', 'Marquee-Session-Token', 'Marquee-Refresh-Session-Token'],
  ])('names the token headers after the brand %s', (brand, session, refresh) => {
    expect(sessionHeaderName(brand)).toBe(session);
    expect(refreshHeaderName(brand)).toBe(refresh);
  });

  it('puts method, route, format and captcha in reqMetadata beside the payload', () => {
    const init = cypherRequestInit(
      {
        method: 'POST',
        route: '/Member/v3/Login?boxofficeCircuitId=77',
        payload: { username: 'a@b.example', password: 'pw' },
        captchaToken: 'captcha-1',
      },
      'boxoffice',
    );
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      username: 'a@b.example',
      password: 'pw',
      reqMetadata: {
        method: 'POST',
        route: '/Member/v3/Login?boxofficeCircuitId=77',
        responseFormat: 'json',
        'g-recaptcha-response': 'captcha-1',
      },
    });
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('sends the session and refresh tokens as headers, never in the body', () => {
    const init = cypherRequestInit(
      { method: 'GET', route: '/Member/v3/RefreshLogin', sessionToken: 's', refreshToken: 'r' },
      'boxoffice',
    );
    expect(init.headers).toMatchObject({ 'Boxoffice-Session-Token': 's', 'Boxoffice-Refresh-Session-Token': 'r' });
    expect(init.body).not.toContain('"s"');
  });

  it('appends reqMetadata as a JSON string to form data', () => {
    const init = cypherRequestInit(
      { method: 'POST', route: '/Member/v3/Edit', payload: { firstName: 'Ada' }, asForm: true, responseFormat: 'raw' },
      'boxoffice',
    );
    const form = init.body as FormData;
    expect(form.get('firstName')).toBe('Ada');
    expect(JSON.parse(form.get('reqMetadata') as string)).toEqual({
      method: 'POST',
      route: '/Member/v3/Edit',
      responseFormat: 'raw',
    });
  });
});
