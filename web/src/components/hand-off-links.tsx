import { Link } from '@/components/link';
import type { HandOffSegment } from '@/config/hand-offs';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { offeredHandOffs } from '@/rules/offered-hand-offs';
import type { TicketingProvider } from '@/types/api';

type HandOffLinksProps = {
  /** The hand-offs this place offers (rules/offered-hand-offs.ts HAND_OFF_PLACES). */
  segments: readonly HandOffSegment[];
  /** The provider whose booking site they lead to: a theater's, or the site-wide one. */
  provider: TicketingProvider | null | undefined;
  /** The theater they are for; none for the chain's. */
  theaterId?: string;
  className?: string;
  linkClassName?: string;
};

/**
 * The hand-offs to the ticketing site that `provider` offers among `segments`, as a list
 * of links to their route segments (the gateway redirects), or nothing when it offers none.
 */
export function HandOffLinks({ segments, provider, theaterId, className, linkClassName }: HandOffLinksProps) {
  const t = useTranslate();
  const offered = offeredHandOffs(provider, segments);
  if (offered.length === 0) return null;
  return (
    <ul className={className} data-testid="hand-off-links">
      {offered.map((segment) => (
        <li key={segment}>
          <Link to={paths.handOff.build(segment, { theaterId })} className={linkClassName}>
            {t(`handOff.${segment}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
