import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntlProvider } from '@/state/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { SearchHit } from '@/types/api';
import { SearchCombobox } from './search-combobox';

const HITS: SearchHit[] = [
  { id: '102', kind: 'theater', title: 'Marquee Eastside 12', subtitle: 'Cranston, RI', path: '/theaters/102-eastside/' },
  { id: '1004', kind: 'movie', title: 'Velocity', subtitle: 'PG-13', path: '/movies/1004-velocity/', imageUrl: '/posters/1004.svg' },
];

const MESSAGES = {
  'search.suggestions': 'Suggestions',
  'search.kind.movie': 'Movies',
  'search.kind.theater': 'Theaters',
  'search.count.one': '{0} result',
  'search.count.other': '{0} results',
};

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** The header's field, which the combobox takes over once it has been focused. */
function Field({ typed }: { typed: string }) {
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [focused, setFocused] = useState(false);
  return (
    <>
      <input ref={setInput} aria-label="Search" defaultValue={typed} onFocus={() => setFocused(true)} />
      {focused && input ? <SearchCombobox input={input} /> : null}
    </>
  );
}

function renderCombobox(hits: SearchHit[] = HITS, typed = '') {
  const fetch = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(new Response(JSON.stringify(hits), { headers: { 'Content-Type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <IntlProvider locale="en-US" messages={MESSAGES}>
          <Field typed={typed} />
          <Location />
        </IntlProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const field = screen.getByLabelText('Search');
  act(() => field.focus());
  return { fetch, field, input: screen.getByRole('combobox') };
}

/** Types `text` and lets its answer come. */
async function type(input: HTMLElement, text: string) {
  fireEvent.input(input, { target: { value: text } });
  await act(() => new Promise((resolve) => window.setTimeout(resolve, 200)));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchCombobox', () => {
  it('takes over the field where it is: the element, what was typed and the focus stay', async () => {
    const { fetch, field, input } = renderCombobox(HITS, 'velo');
    expect(input).toBe(field);
    expect(document.activeElement).toBe(input);
    expect((input as HTMLInputElement).value).toBe('velo');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { hidden: true }).id);
    expect(input.getAttribute('autocomplete')).toBe('off');
    await act(() => new Promise((resolve) => window.setTimeout(resolve, 200)));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/search?q=velo&limit=8');
  });

  it('asks as the visitor types and lists the hits grouped by kind, the best hit’s first', async () => {
    const { fetch, input } = renderCombobox();
    expect(document.activeElement).toBe(input);
    await type(input, 'ea');
    expect(await screen.findByRole('option', { name: /Velocity/ })).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/search?q=ea&limit=8');
    const groups = screen.getAllByRole('group').map((group) => group.getAttribute('aria-labelledby'));
    expect(groups.map((id) => document.getElementById(id ?? '')?.textContent)).toEqual(['Theaters', 'Movies']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('2 results');
  });

  it('asks at every key press, abandoning the answer to words typed over', async () => {
    const { fetch, input } = renderCombobox();
    fetch.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    fireEvent.input(input, { target: { value: 'ea' } });
    fireEvent.input(input, { target: { value: 'eas' } });
    expect(await screen.findByRole('option', { name: /Velocity/ })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/search?q=ea&limit=8',
      '/api/v1/search?q=eas&limit=8',
    ]);
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });

  it('does not ask for fewer than two letters', async () => {
    const { fetch, input } = renderCombobox();
    await type(input, 'e');
    expect(fetch).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves through the options with the arrow keys, wrapping, and opens the chosen one on Enter', async () => {
    const { input } = renderCombobox();
    await type(input, 'ea');
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    expect(options[1]?.textContent).toContain('Velocity');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('location').textContent).toBe('/movies/1004-velocity/');
  });

  it('Enter with no option chosen opens the results page; Escape closes, then clears', async () => {
    const { input } = renderCombobox();
    await type(input, 'velocity');
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('velocity');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
    await type(input, 'velocity');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('location').textContent).toBe('/search/?q=velocity');
  });
});
