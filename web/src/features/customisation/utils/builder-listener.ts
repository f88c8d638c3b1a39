// Loaded only when the page has an opener or a parent window: a visitor who reached
// the site directly never downloads it.
import {
  isAllowedOrigin,
  layoutAttributes,
  mergeCustomisation,
  MOUNTED_MESSAGE,
  readCustomisationMessage,
  type Customisation,
} from './customisation-message';

function applyLayoutAttributes(customisation: Customisation): void {
  const { dataset } = document.documentElement;
  for (const [name, value] of Object.entries(layoutAttributes(customisation))) {
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- dataset is the DOM's own string map: deleting a name removes its data-* attribute
    if (value === undefined) delete dataset[name];
    else dataset[name] = value;
  }
}

/**
 * Tells `builder` the page is mounted, then applies its customisation messages from
 * `allowedOrigins`. The mounted message carries no site data, so it may go to any
 * origin. Returns the function that stops listening.
 */
export function listenToBuilder(
  builder: Window,
  allowedOrigins: readonly string[],
  onChange: (customisation: Customisation) => void,
): () => void {
  let current: Customisation = {};
  const onMessage = (event: MessageEvent) => {
    if (!isAllowedOrigin(event.origin, allowedOrigins)) return;
    const change = readCustomisationMessage(event.data);
    if (!change) return;
    current = mergeCustomisation(current, change);
    applyLayoutAttributes(current);
    onChange(current);
  };
  window.addEventListener('message', onMessage);
  builder.postMessage(MOUNTED_MESSAGE, '*');
  return () => window.removeEventListener('message', onMessage);
}
