import { describe, expect, it } from 'vitest';
import type { LoyaltyContext } from '../types';
import { cypherRoutes, withQuery } from './cypher-routes';

const v3: LoyaltyContext = { circuitId: '77', cinemaId: '101', clubId: 'C', provider: 'BOOST_POS', version: 3, brand: 'boxoffice' };
const v1: LoyaltyContext = { ...v3, provider: 'RTS', version: 1 };

describe('loyalty routes', () => {
  it.each([
    ['login', v3, cypherRoutes(v3).login(), '/Member/v3/Login?boxofficeCircuitId=77'],
    ['login', v1, cypherRoutes(v1).login(), '/Member/Login?circuitId=77'],
    ['refresh', v3, cypherRoutes(v3).refreshLogin(), '/Member/v3/RefreshLogin'],
    ['refresh', v1, cypherRoutes(v1).refreshLogin(), '/Member/RefreshLogin?circuitId=77'],
    ['logout', v3, cypherRoutes(v3).logout(), '/Member/v3/Logout?boxofficeCircuitId=77&boxofficeCinemaId=101'],
    ['logout', v1, cypherRoutes(v1).logout(), '/Member/Logout?circuitId=77'],
    ['get member', v1, cypherRoutes(v1).getMember('u-1'), '/Member/GetMember/?circuitId=77&userSessionId=u-1'],
    ['get member', v1, cypherRoutes(v1).getMember(), '/Member/GetMember/?circuitId=77'],
    ['delete', v3, cypherRoutes(v3).deleteMember(), '/Member/v3/Delete/?boxofficeCircuitId=77&memberId='],
    ['order history', v3, cypherRoutes(v3).orderHistory(5), '/Member/v3/OrderHistory?boxofficeCircuitId=77&boxofficeCinemaId=101&maxResults=5'],
    ['order history', v1, cypherRoutes(v1).orderHistory(), '/Member/v2/OrderHistory?circuitId=77'],
    ['rewards', v3, cypherRoutes(v3).rewards(), '/Member/v3/RewardsListing?boxofficeCinemaId=101'],
    ['rewards', v1, cypherRoutes(v1).rewards(), '/Member/GetItemsAvailableToValidatedLoyaltyMember/77'],
    ['gift card', v3, cypherRoutes(v3).giftCardBalance(), '/GiftCard/CheckGiftCardBalance?cinemaId=101'],
    ['reminder', v1, cypherRoutes(v1).usernameReminder('a b@c.example'), '/Member/UsernameReminder/77/a%20b%40c.example'],
    ['wallet card', v3, cypherRoutes(v3).loyaltyCardPass('AB12'), '/WalletPasses/CreateLoyaltyCard/77?cardNumber=AB12&fullJwt=true'],
    ['wallet ticket', v3, cypherRoutes(v3).eTicketPass('B-9'), '/WalletPasses/GetETicket/77/B-9?fullJwt=true'],
    ['alert preferences', v3, cypherRoutes(v3).alertPreferences(), '/Member/v3/GetAlertPreferences'],
    ['alert preferences update', v3, cypherRoutes(v3).updateAlertPreferences(), '/Member/v3/UpdateAlertPreferences'],
    ['push subscription', v3, cypherRoutes(v3).addPushSubscription(), '/Member/v3/AddPushSubscription'],
    ['push unsubscription', v3, cypherRoutes(v3).removePushSubscription(), '/Member/v3/RemovePushSubscription'],
  ])('%s (version %#) is %s', (_name, _context, route, expected) => {
    expect(route).toBe(expected);
  });

  it('uses the brand of the context in version 3 query names', () => {
    expect(cypherRoutes({ ...v3, brand: 'marquee' }).cards()).toBe('/Member/v3/GetCards/?marqueeCircuitId=77');
  });

  it('leaves out values not given but keeps empty ones', () => {
    expect(withQuery('/x', [['a', undefined], ['b', ''], ['c', 1]])).toBe('/x?b=&c=1');
    expect(withQuery('/x', [])).toBe('/x');
  });
});
