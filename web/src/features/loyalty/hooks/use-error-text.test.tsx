import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { LoyaltyReplyError } from '../api/call-cypher';
import type { CypherReply } from '../types';
import { LoyaltySessionProvider } from './loyalty-session';
import { useErrorText } from './use-error-text';

const messages = {
  'loyalty.error.generic': 'An error has occured.',
  'loyalty.error.31': 'Incorrect password',
  'loyalty.theaters.error': 'The theater could not be changed.',
};

function ErrorText({ failure, fallbackKey }: { failure: unknown; fallbackKey?: string }) {
  const errorText = useErrorText();
  return <p role="alert">{errorText(failure, fallbackKey)}</p>;
}

function shown(displayOriginalCypherMessages: boolean, failure: unknown, fallbackKey?: string) {
  renderWithApp(
    <LoyaltySessionProvider config={{ provider: 'BOOST_POS', version: 3, displayOriginalCypherMessages }} currentTheaterId="101">
      <ErrorText failure={failure} fallbackKey={fallbackKey} />
    </LoyaltySessionProvider>,
    messages,
  );
  return screen.getByRole('alert').textContent;
}

const refusal: CypherReply = { peachCode: 31, clientErrorMessage: 'Wrong password, try again (Code: 31)' };

describe('useErrorText', () => {
  afterEach(cleanup);

  // The site's displayOriginalCypherMessages decides whether the provider's own words show.
  it.each([
    [false, new LoyaltyReplyError(refusal), undefined, 'Incorrect password (Code: 31)'],
    [true, new LoyaltyReplyError(refusal), undefined, 'Wrong password, try again (Code: 31)'],
    [false, refusal, undefined, 'Incorrect password (Code: 31)'],
    [true, refusal, undefined, 'Wrong password, try again (Code: 31)'],
    [false, new LoyaltyReplyError({ peachCode: 1042, clientErrorMessage: 'Seat map busy' }), 'loyalty.theaters.error', 'The theater could not be changed. (Code: 1042)'],
    [true, new LoyaltyReplyError({ peachCode: 1042, clientErrorMessage: 'Seat map busy' }), 'loyalty.theaters.error', 'Seat map busy (Code: 1042)'],
    [false, new TypeError('Failed to fetch'), undefined, 'An error has occured.'],
    [true, new TypeError('Failed to fetch'), undefined, 'An error has occured.'],
  ])('with displayOriginalCypherMessages %s, shows %s as the text', (display, failure, fallbackKey, expected) => {
    expect(shown(display, failure, fallbackKey)).toBe(expected);
  });
});
