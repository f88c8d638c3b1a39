// The sites and the staff the studio's screen tests sign in as, the same in every test.
import type { Me, StudioSite } from '../api';
import { studioError } from './studio-api';

/** The demo chain: two host names of its own. */
export const demo: StudioSite = {
  id: 'demo',
  name: 'Marquee Cinemas',
  hosts: ['marquee.example', 'www.marquee.example'],
  publicUrl: 'https://marquee.example',
};

/** A site without host names of its own. */
export const single: StudioSite = { id: 'single', name: 'The Single Screen', hosts: [], publicUrl: 'https://cinema.example' };

/** An operator: every site. */
export const operator: Me = {
  staff: { id: 's1', email: 'ada@example.com', name: 'Ada Lovelace' },
  grants: [{ role: 'operator', siteId: null, theaterIds: [] }],
};

/** An editor of the demo site, and a theater manager of two of the single screen's theaters. */
export const editor: Me = {
  staff: { id: 's2', email: 'grace@example.com', name: 'Grace Hopper' },
  grants: [
    { role: 'editor', siteId: 'demo', theaterIds: [] },
    { role: 'theater-manager', siteId: 'single', theaterIds: ['201', '202'] },
  ],
};

/** An administrator of the demo site. */
export const admin: Me = {
  staff: { id: 's3', email: 'ed@chain.example', name: 'Ed Admin' },
  grants: [{ role: 'admin', siteId: 'demo', theaterIds: [] }],
};

/** Member support of the demo site: reads it, and helps its members. */
export const support: Me = {
  staff: { id: 's6', email: 'sam@chain.example', name: 'Sam Support' },
  grants: [{ role: 'support', siteId: 'demo', theaterIds: [] }],
};

/** A viewer of the demo site: reads it, changes nothing. */
export const viewer: Me = {
  staff: { id: 's5', email: 'vi@chain.example', name: 'Vi Viewer' },
  grants: [{ role: 'viewer', siteId: 'demo', theaterIds: [] }],
};

/** What the studio's API answers without a session. */
export const signedOut = studioError(401, 'unauthenticated', 'no session');
