// The studio's entry (studio.html; DESIGN.md section 13): the staff's app, on its own host,
// built apart from the site (vite.config.ts, `--mode studio`). It registers no service
// worker and loads nothing of the site's start-up: no theme, fonts, consent or analytics.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@/styles/global.css';
import { studioLocale } from './locale';
import { createStudioQueryClient } from './query-client';
import { StudioProviders, StudioRoutes } from './studio-app';
import './styles/studio.css';

const locale = studioLocale(navigator.languages);
document.documentElement.lang = locale.locale;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StudioProviders queryClient={createStudioQueryClient()} locale={locale}>
        <BrowserRouter>
          <StudioRoutes />
        </BrowserRouter>
      </StudioProviders>
    </StrictMode>,
  );
}
