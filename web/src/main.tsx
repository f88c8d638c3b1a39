import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstScreen } from './app/router';
import { afterFirstPaint } from './lib/first-paint';
import { createQueryClient } from './lib/query-client';
import { watchResourceErrors } from './lib/resource-failures';
import './styles/global.css';

const queryClient = createQueryClient();
preloadFirstScreen(queryClient);
watchResourceErrors();

const root = document.getElementById('root');

if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);

window.addEventListener(
  'load',
  () => {
    void afterFirstPaint()
      .then(() => import('./lib/service-worker'))
      .then(({ registerServiceWorker }) => registerServiceWorker());
  },
  { once: true },
);
