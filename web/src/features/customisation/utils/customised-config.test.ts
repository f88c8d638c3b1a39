import { describe, expect, it } from 'vitest';
import { customisedConfig } from './customised-config';

describe('customisedConfig', () => {
  const config = {
    locale: 'en-US',
    theme: {
      palette: { primary: '#C8102E', accent: '#F2B705' },
      fonts: { body: 'Lato', heading: 'Montserrat', fontWeights: { body: { weights: ['400'] } } },
    },
  };

  it('returns the configuration itself when nothing about the theme changed', () => {
    expect(customisedConfig(config, { logoSize: 'large' })).toBe(config);
  });

  it('overlays palette and fonts', () => {
    expect(
      customisedConfig(config, {
        palette: { primary: '#000000' },
        fonts: { heading: { name: 'Oswald', weights: ['600'] } },
      }),
    ).toEqual({
      locale: 'en-US',
      theme: {
        palette: { primary: '#000000', accent: '#F2B705' },
        fonts: {
          body: 'Lato',
          heading: 'Oswald',
          fontWeights: { body: { weights: ['400'] }, heading: { weights: ['600'] } },
        },
      },
    });
  });
});
