import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useTranslate } from '@/lib/i18n';

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> & {
  href: string;
  /** What the link is, for assistive technology; the new-window notice is added to it. */
  label: string;
  children: ReactNode;
};

/**
 * A link that leaves the site (SPEC.md section 2 "Link rules"): new window,
 * noreferrer, and title and aria-label carry the '(Opens in a new window)' suffix.
 */
export function ExternalLink({ href, label, children, ...rest }: ExternalLinkProps) {
  const t = useTranslate();
  const described = `${label} ${t('link.opensInNewWindow')}`;
  return (
    <a {...rest} href={href} target="_blank" rel="noreferrer" title={described} aria-label={described}>
      {children}
    </a>
  );
}
