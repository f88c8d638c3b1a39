// The header's member entry, loaded after the page: the session cookie picks the guest
// or the signed-in label at once, while the member menu's code loads behind it.

import { Suspense } from 'react';
import { useAppData } from '@/api/get-app-data';
import { lazyComponent } from '@/lib/lazy-component';
import { HeaderMemberLink } from './header-member-link';

const memberAccess = lazyComponent(async () => (await import('./member-access')).MemberAccess);
const MemberAccess = memberAccess.Component;

/** Loads the member menu's code, which a published page's header holds. */
export const preloadMemberAccess = memberAccess.preload;

export function MemberEntry() {
  const { data } = useAppData();
  const config = data?.site.loyalty;
  if (!config || !config.provider || config.provider === 'NONE') return null;
  const loginSlug = data.site.settings?.loginPage?.slug ?? '';
  return (
    <Suspense fallback={<HeaderMemberLink config={config} loginSlug={loginSlug} />}>
      <MemberAccess loginSlug={loginSlug} />
    </Suspense>
  );
}
