import type { AdSlotConfig } from '@/types/api';

/** The element an ad slot renders into: its id is the slot's container. */
export function AdContainer({ slot, className }: { slot: AdSlotConfig; className: string | undefined }) {
  return <div id={slot.container} className={className} data-ad-slot={slot.id} />;
}
