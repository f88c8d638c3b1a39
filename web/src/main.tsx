import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstScreen } from './app/router';
import { visitEmbedContext } from './lib/embed-context';
import { afterFirstPaint } from './lib/first-paint';
import { createQueryClient } from './lib/query-client';
import { watchResourceErrors } from './lib/resource-failures';
import './styles/global.css';

const queryClient = createQueryClient();
const firstScreen = preloadFirstScreen(queryClient);
watchResourceErrors();
// Read at once: only the first page's address names it, and a quick click can leave that
// page before it has rendered.
const embedContext = visitEmbedContext();

const root = document.getElementById('root');

if (!root) throw new Error('index.html has no #root element');

// The first render waits for the first screen's code and data, so it shows the page
// whole: a page that suspended would show the loading fallback first and appear 300 ms
// later at the soonest. It is a transition: React renders it in slices rather than one
// long task, so the page answers input while it renders.
void firstScreen.then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} embedContext={embedContext} />
      </StrictMode>,
    );
  }),
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
