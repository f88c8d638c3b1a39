import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDataQueryOptions } from '@/api/get-app-data';
import { getCookie } from '@/lib/cookies';
import type { AppData } from '@/types/api';
import { SELECTED_THEATER_COOKIE, SelectedTheaterProvider, useSelectedTheater } from './selected-theater';
import { useTheaterFromAddress } from './use-theater-from-address';

const theaters = [{ id: 't1', name: 'Downtown' }, { id: 't2', name: 'Riverside' }];

function client() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(appDataQueryOptions().queryKey, { site: {}, theaters } as unknown as AppData);
  return queryClient;
}

/** The movie page's part: the theater the address names, and the picker's choice. */
function MoviePage() {
  useTheaterFromAddress();
  const { selectedTheaterId, selectTheater } = useSelectedTheater();
  return (
    <>
      <p data-testid="selected">{selectedTheaterId ?? 'none'}</p>
      <button type="button" onClick={() => selectTheater('t1')}>
        Downtown
      </button>
    </>
  );
}

function page(queryClient: QueryClient) {
  return (
    <QueryClientProvider client={queryClient}>
      <SelectedTheaterProvider>
        <MoviePage />
      </SelectedTheaterProvider>
    </QueryClientProvider>
  );
}

function renderAt(address: string) {
  return render(<MemoryRouter initialEntries={[address]}>{page(client())}</MemoryRouter>);
}

const selected = () => screen.getByTestId('selected').textContent;

describe('useTheaterFromAddress', () => {
  afterEach(() => {
    cleanup();
    document.cookie = `${SELECTED_THEATER_COOKIE}=; max-age=0; path=/`;
  });

  it("selects the theater ?theaterId= names, as the picker does (its cookie too)", async () => {
    renderAt('/movies/12-dune/?theaterId=t2');
    await vi.waitFor(() => expect(selected()).toBe('t2'));
    expect(getCookie(SELECTED_THEATER_COOKIE)).toBe('t2');
  });

  it.each([
    ['a theater the site does not have', '/movies/12-dune/?theaterId=t9'],
    ['no theater', '/movies/12-dune/'],
  ])('leaves the choice as it was for %s', async (_name, address) => {
    document.cookie = `${SELECTED_THEATER_COOKIE}=t1; path=/`;
    renderAt(address);
    await vi.waitFor(() => expect(selected()).toBe('t1'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(selected()).toBe('t1');
  });

  it("lets the visitor's own choice after it stand", async () => {
    renderAt('/movies/12-dune/?theaterId=t2');
    await vi.waitFor(() => expect(selected()).toBe('t2'));
    fireEvent.click(screen.getByRole('button', { name: 'Downtown' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(selected()).toBe('t1');
  });

  it('applies once hydrated, never to the markup the server published', async () => {
    const address = '/movies/12-dune/?theaterId=t2';
    const container = document.createElement('div');
    container.innerHTML = renderToString(<StaticRouter location={address}>{page(client())}</StaticRouter>);
    expect(container.textContent).toContain('none');
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<MemoryRouter initialEntries={[address]}>{page(client())}</MemoryRouter>, { container, hydrate: true });
    await vi.waitFor(() => expect(selected()).toBe('t2'));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
