// Every route of the studio, built in one place. The studio has its own host, so its
// routes start at `/` (DESIGN.md section 13).
export const studioPaths = {
  home: {
    pattern: '/',
    build: () => '/',
  },
  /** The link an invitation is sent as: `{studio origin}/invitation?token=...`. */
  invitation: {
    pattern: '/invitation',
    build: (token: string) => `/invitation?${new URLSearchParams({ token }).toString()}`,
  },
  /** The signed-in staff member's passkeys. */
  passkeys: {
    pattern: '/passkeys',
    build: () => '/passkeys',
  },
} as const;
