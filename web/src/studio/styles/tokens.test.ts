import { describe, expect, it } from 'vitest';
import { buildThemeTokens } from '@/features/site/utils/theme-tokens';
// Vitest empties every style sheet it is not told to keep (vite.config.ts, test.css).
import studioCss from './studio.css?raw';

/** The custom properties declared in `block`, lower-cased. */
function declarations(block: string): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    if (name && value) tokens[name] = value.trim().toLowerCase();
  }
  return tokens;
}

const [lightSheet = '', darkSheet = ''] = studioCss.split('@media (prefers-color-scheme: dark)');
const light = declarations(lightSheet);
const dark = { ...light, ...declarations(darkSheet) };

/** The default theme's colour and radius tokens in `mode`, lower-cased. */
function defaultTheme(mode: 'light' | 'dark'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(buildThemeTokens(null, mode))
      .filter(([name]) => name.startsWith('--color-') || name.startsWith('--radius-'))
      .map(([name, value]) => [name, value.toLowerCase()]),
  );
}

describe("the studio's tokens", () => {
  it("are the platform's default theme in light mode", () => {
    expect(light).toEqual(defaultTheme('light'));
  });

  it("are the platform's default theme in dark mode, where the system prefers it", () => {
    expect(dark).toEqual(defaultTheme('dark'));
  });
});
