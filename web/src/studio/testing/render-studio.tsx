import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { DEFAULT_STUDIO_LOCALE } from '../locale';
import { en } from '../messages/en';
import { createStudioQueryClient } from '../query-client';
import { StudioProviders, StudioRoutes } from '../studio-app';

/** The address the studio shows, for tests to read. */
function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="studio-address">{`${pathname}${search}`}</output>;
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
