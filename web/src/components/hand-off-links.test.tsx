import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HAND_OFF_PLACES } from '@/rules/offered-hand-offs';
import { renderWithApp } from '@/testing/render';
import { HandOffLinks } from './hand-off-links';

afterEach(cleanup);

const messages = {
  'handOff.launch/ticketing': 'Buy tickets',
  'handOff.startconcessions': 'Order food and drinks',
  'handOff.concessions/landing': 'Food and drinks menu',
  'handOff.payreservation': 'Pay for a reservation',
  'handOff.refund': 'Request a refund',
};

describe('HandOffLinks', () => {
  it('links each hand-off the provider offers to its route segment, for the theater', () => {
    renderWithApp(
      <HandOffLinks
        segments={HAND_OFF_PLACES.theater}
        provider={{ url: 'https://tickets.example', handOffs: ['refund', 'startconcessions', 'giftcards'] }}
        theaterId="103"
      />,
      messages,
    );
    const links = screen.getAllByRole('link');
    // In the place's order, and only those offered: tickets always, no menu or reservation
    // payment here.
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Buy tickets', '/launch/ticketing/?theaterId=103'],
      ['Order food and drinks', '/startconcessions/?theaterId=103'],
      ['Request a refund', '/refund/?theaterId=103'],
    ]);
    // The gateway answers these paths: the browser follows them, not the app's router.
    expect(links.every((link) => !link.hasAttribute('target'))).toBe(true);
  });

  it("links the theater's food and drinks menu when the provider offers its concessions landing", () => {
    renderWithApp(
      <HandOffLinks
        segments={HAND_OFF_PLACES.theater}
        provider={{ url: 'https://tickets.example', handOffs: ['concessions/landing'] }}
        theaterId="101"
      />,
      messages,
    );
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Buy tickets', '/launch/ticketing/?theaterId=101'],
      ['Food and drinks menu', '/concessions/landing/?theaterId=101'],
    ]);
  });

  it('renders nothing when the provider offers none of them', () => {
    renderWithApp(
      <HandOffLinks segments={HAND_OFF_PLACES.footer} provider={{ url: 'https://tickets.example' }} />,
      messages,
    );
    expect(screen.queryByTestId('hand-off-links')).toBeNull();
  });

  it('offers tickets whatever the provider lists', () => {
    renderWithApp(
      <HandOffLinks segments={['startticketing']} provider={{ url: 'https://tickets.example', handOffs: [] }} theaterId="1" />,
      { 'handOff.startticketing': 'Buy tickets' },
    );
    expect(screen.getByRole('link', { name: 'Buy tickets' }).getAttribute('href')).toBe('/startticketing/?theaterId=1');
  });
});
