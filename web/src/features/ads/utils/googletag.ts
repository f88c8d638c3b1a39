// The ad server's command queue (googletag). The ad library (wrapper), the custom
// library and the ad server's own tag all provide it; the page only queues commands.

import type { SlotDefinition } from './ad-rules';

type GoogleSlot = {
  addService: (service: unknown) => GoogleSlot;
  defineSizeMapping: (mapping: unknown) => GoogleSlot;
  getSlotElementId: () => string;
};

type PubAds = {
  setTargeting: (key: string, value: string) => PubAds;
  enableSingleRequest: () => void;
  collapseEmptyDivs: () => void;
  refresh: (slots?: GoogleSlot[]) => void;
  getSlots: () => GoogleSlot[];
};

type GoogleTag = {
  cmd: Array<() => void>;
  pubads: () => PubAds;
  defineSlot: (path: string, sizes: unknown, container: string) => GoogleSlot | null;
  defineOutOfPageSlot: (path: string, container: string) => GoogleSlot | null;
  sizeMapping: () => { addSize: (viewport: unknown, sizes: unknown) => unknown; build: () => unknown };
  enableServices: () => void;
  display: (container: string) => void;
  destroySlots: () => boolean;
};

function googletag(): GoogleTag {
  const page = window as Window & { googletag?: GoogleTag };
  page.googletag = page.googletag ?? ({ cmd: [] } as unknown as GoogleTag);
  return page.googletag;
}

export type DisplayOptions = {
  targeting: Record<string, string>;
  singleRequest: boolean;
  collapseEmptySlots: boolean;
};

/** Defines the slots, sets the page targeting and displays them. */
export function displaySlots(definitions: SlotDefinition[], options: DisplayOptions): void {
  googletag().cmd.push(() => {
    const tag = googletag();
    const pubads = tag.pubads();
    for (const definition of definitions) {
      const slot = definition.outOfPage
        ? tag.defineOutOfPageSlot(definition.adUnitPath, definition.container)
        : tag.defineSlot(definition.adUnitPath, definition.sizes, definition.container);
      if (!slot) continue;
      if (definition.sizeMapping.length > 0) {
        const builder = tag.sizeMapping();
        for (const entry of definition.sizeMapping) builder.addSize(entry.viewport, entry.sizes);
        slot.defineSizeMapping(builder.build());
      }
      slot.addService(pubads);
    }
    for (const [key, value] of Object.entries(options.targeting)) pubads.setTargeting(key, value);
    if (options.singleRequest) pubads.enableSingleRequest();
    if (options.collapseEmptySlots) pubads.collapseEmptyDivs();
    tag.enableServices();
    for (const definition of definitions) tag.display(definition.container);
  });
}

/** Removes every slot and empties its element, before the page's slots are set up again. */
export function clearSlots(containers: string[]): void {
  googletag().cmd.push(() => {
    googletag().destroySlots();
    for (const container of containers) document.getElementById(container)?.replaceChildren();
  });
}

/** Sets the new targeting and refreshes the slots rendered in `containers`. */
export function refreshSlots(containers: string[], targeting: Record<string, string>): void {
  googletag().cmd.push(() => {
    const pubads = googletag().pubads();
    for (const [key, value] of Object.entries(targeting)) pubads.setTargeting(key, value);
    pubads.refresh(pubads.getSlots().filter((slot) => containers.includes(slot.getSlotElementId())));
  });
}
