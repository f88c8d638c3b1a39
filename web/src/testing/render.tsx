import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { IntlProvider } from '@/state/i18n';

/** Renders `ui` inside a router and the locale context with the given messages. */
export function renderWithApp(ui: ReactNode, messages: Record<string, string> = {}) {
  return render(
    <MemoryRouter>
      <IntlProvider locale="en-US" messages={messages}>
        {ui}
      </IntlProvider>
    </MemoryRouter>,
  );
}
