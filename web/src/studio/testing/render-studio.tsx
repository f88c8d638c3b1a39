import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import { DEFAULT_STUDIO_LOCALE } from '../locale';
import { en } from '../messages/en';
import { createStudioQueryClient } from '../query-client';
import { StudioProviders, StudioRoutes } from '../studio-app';

/** The address the studio shows, for tests to read, with what its history entry holds (`data-state`, where it holds anything). */
function Address() {
  const location = useLocation();
  const { pathname, search } = location;
  const state: unknown = location.state;
  return (
    <output data-testid="studio-address" data-state={state == null ? undefined : JSON.stringify(state)}>
      {`${pathname}${search}`}
    </output>
  );
}

/** The studio at `path`, as main.tsx renders it but in a memory router, answers never retried. */
export function renderStudio(path: string) {
  const queryClient = createStudioQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const view = render(
    <StudioProviders queryClient={queryClient} locale={{ locale: DEFAULT_STUDIO_LOCALE, messages: en }}>
      <MemoryRouter initialEntries={[path]}>
        <StudioRoutes />
        <Address />
      </MemoryRouter>
    </StudioProviders>,
  );
  return { ...view, queryClient };
}

/**
 * A part of a screen (a form of the page editor, the media picker) with what every studio
 * screen reads, its query client and its text, but no router: answers never retried. A
 * `rerender` keeps them.
 */
export function renderInStudio(children: ReactNode) {
  const queryClient = createStudioQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const wrapper = ({ children: part }: { children: ReactNode }) => (
    <StudioProviders queryClient={queryClient} locale={{ locale: DEFAULT_STUDIO_LOCALE, messages: en }}>
      {part}
    </StudioProviders>
  );
  return { ...render(children, { wrapper }), queryClient };
}

/**
 * After each test of the file or block it is called in: what the test rendered is taken
 * away, and its stand-ins (the API's `fetch`, the browser's passkeys, any spy) are undone.
 */
export function cleanUpAfterEachTest() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
