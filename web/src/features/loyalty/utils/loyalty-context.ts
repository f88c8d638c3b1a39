// docs/loyalty.md#configuration, from the normalised loyalty
// configuration of /api/v1/site. The cinema is the configuration's, else the visitor's.

import type { LoyaltyConfig } from '@/types/api';
import type { LoyaltyContext } from '../types';

export const DEFAULT_BRAND = 'boxoffice';

export function loyaltyContext(config: LoyaltyConfig, currentTheaterId: string | undefined): LoyaltyContext {
  return {
    circuitId: config.circuitId ?? '',
    cinemaId: config.cinemaId || currentTheaterId || '',
    clubId: config.clubId ?? '',
    provider: config.provider ?? 'NONE',
    version: config.version === 3 ? 3 : 1,
    brand: config.brand || DEFAULT_BRAND,
  };
}
