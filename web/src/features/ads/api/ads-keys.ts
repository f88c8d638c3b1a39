import type { AdPageInputs } from '../utils/ad-page';

export const adsKeys = {
  all: ['ads'] as const,
  configs: () => [...adsKeys.all, 'config'] as const,
  config: (inputs: AdPageInputs) => [...adsKeys.configs(), inputs] as const,
};
