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
  /**
   * The deployment's publishing, for the operators: each site's published revision and
   * when, its stale pages, the revision stored for the deployment, the published store's
   * use, and a way to publish a site again in full.
   */
  publishingOverview: {
    pattern: '/publishing',
    build: () => '/publishing',
  },
  /** A site's page: what it is, and the staff member's role on it. */
  site: {
    pattern: '/sites/:siteId',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}`,
  },
  /**
   * A site's draft and its publishing (now, at a time): read by everyone with a role on the
   * site, published by its editors, administrators and the operators.
   */
  sitePublishing: {
    pattern: '/sites/:siteId/publishing',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/publishing`,
  },
  /**
   * A site's look and settings (name, language, colours, fonts, corners, search) as its
   * draft has them, beside the site live: read by everyone with a role on the site, changed
   * by its editors, administrators and the operators.
   */
  siteLook: {
    pattern: '/sites/:siteId/look',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/look`,
  },
  /**
   * A site's content pages as its draft has them: read by everyone with a role on the site,
   * added, changed and removed by its editors, administrators and the operators.
   */
  sitePages: {
    pattern: '/sites/:siteId/pages',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/pages`,
  },
  /** One content page of a site as its draft has it, by its slug (its address on the site, `/{slug}/`, never changed). */
  sitePage: {
    pattern: '/sites/:siteId/pages/:slug',
    build: (siteId: string, slug: string) => `/sites/${encodeURIComponent(siteId)}/pages/${encodeURIComponent(slug)}`,
  },
  /**
   * A new content page of a site, its slug still to choose: beside the pages rather than
   * among them, since any slug (`new` too) may be a page's.
   */
  siteNewPage: {
    pattern: '/sites/:siteId/new-page',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/new-page`,
  },
  /**
   * A site's events as its draft has them: read by everyone with a role on the site, added,
   * changed and removed by its editors, administrators and the operators, and by a theater
   * manager at their own theaters.
   */
  siteEvents: {
    pattern: '/sites/:siteId/events',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/events`,
  },
  /** One event of a site as its draft has it, by its id (never changed). */
  siteEvent: {
    pattern: '/sites/:siteId/events/:id',
    build: (siteId: string, id: string) => `/sites/${encodeURIComponent(siteId)}/events/${encodeURIComponent(id)}`,
  },
  /** A new event of a site, its id still to choose: beside the events rather than among them, as a new page is. */
  siteNewEvent: {
    pattern: '/sites/:siteId/new-event',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/new-event`,
  },
  /**
   * A site's theaters as its draft describes them (address, contact, opening hours, parking,
   * accessibility, amenities, time zone): read by everyone with a role on the site, changed
   * by its administrators and the operators, and by a theater manager for their own theaters.
   */
  siteTheaters: {
    pattern: '/sites/:siteId/theaters',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/theaters`,
  },
  /** One theater of a site as its draft describes it, by its id (the point of sale's). */
  siteTheater: {
    pattern: '/sites/:siteId/theaters/:theaterId',
    build: (siteId: string, theaterId: string) => `/sites/${encodeURIComponent(siteId)}/theaters/${encodeURIComponent(theaterId)}`,
  },
  /**
   * A site's movies with their site's fields (their order, which the site shows, the one
   * its home page features, posters from the media library) beside the point of sale's
   * facts: read by everyone with a role on the site, changed by its editors, administrators
   * and the operators.
   */
  siteMovies: {
    pattern: '/sites/:siteId/movies',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/movies`,
  },
  /**
   * A site's media library: its images, searched, read by everyone with a role on the site,
   * uploaded, described, replaced and deleted by its editors, administrators and the operators.
   */
  siteMedia: {
    pattern: '/sites/:siteId/media',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/media`,
  },
  /** A site's history: its revisions, newest first, each but the newest restorable by those who publish. */
  siteHistory: {
    pattern: '/sites/:siteId/history',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/history`,
  },
  /** A site's staff and invitations, for its administrators and the operators. */
  siteStaff: {
    pattern: '/sites/:siteId/staff',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/staff`,
  },
  /** A site's ingest keys, with which its point of sale writes its schedule: for its administrators and the operators. */
  siteIngestKeys: {
    pattern: '/sites/:siteId/ingest-keys',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/ingest-keys`,
  },
  /** A site's audit log: every change its staff made, for its administrators and the operators. */
  siteAudit: {
    pattern: '/sites/:siteId/audit',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/audit`,
  },
  /** A site's members, found by e-mail address or card number and helped: for its member support, its administrators and the operators. */
  siteMembers: {
    pattern: '/sites/:siteId/members',
    build: (siteId: string) => `/sites/${encodeURIComponent(siteId)}/members`,
  },
} as const;
