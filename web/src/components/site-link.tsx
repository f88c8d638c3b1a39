import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternalHref, toInternalPath } from '@/lib/links';
import { ExternalLink } from './external-link';

type SiteLinkProps = {
  to: string;
  label: string;
  className?: string;
  children?: ReactNode;
};

/**
 * A link whose destination comes from site settings: the router for pages of this
 * site, a new window for anything else (SPEC.md section 2 "Link rules").
 */
export function SiteLink({ to, label, className, children }: SiteLinkProps) {
  if (isExternalHref(to, window.location.host)) {
    return (
      <ExternalLink href={to} label={label} className={className}>
        {children ?? label}
      </ExternalLink>
    );
  }
  return (
    <Link to={toInternalPath(to)} className={className}>
      {children ?? label}
    </Link>
  );
}
