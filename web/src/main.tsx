import { startApp } from './app/start-app';
import { takeAddressSecrets } from './lib/address-secrets';
import { visitEmbedContext } from './lib/embed-context';
import { afterFirstPaint } from './lib/first-paint';
import { createQueryClient } from './lib/query-client';
import { watchResourceErrors } from './lib/resource-failures';
import './styles/global.css';

// First of all: a mailed link's secrets (a reset code, an e-mail address) and a member's
// session token for login by token leave the address bar before anything that could report
// them, analytics and ads, has loaded; the screens and the loyalty code take them from memory.
takeAddressSecrets();
const queryClient = createQueryClient();
watchResourceErrors();
// Read at once: only the first page's address names it, and a quick click can leave that
// page before it has rendered.
const embedContext = visitEmbedContext();

// The page's inline loader inserts this module from the document's head (a strict
// Content-Security-Policy lets only hashed inline scripts run), so it may start before
// the body, with the page's markup and data, is parsed.
const documentParsed =
  document.readyState === 'loading'
    ? new Promise<void>((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
    : Promise.resolve();

void documentParsed.then(() => startApp(document, { queryClient, embedContext }));

void afterFirstPaint()
  .then(() => import('./lib/service-worker'))
  .then(({ registerServiceWorker }) => registerServiceWorker());
