import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePageLocation, usePageSearch } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import { isPreviewPath, resolveLink } from '@/rules/link-rules';
import { useLinkSettings } from '@/state/link-settings';
import { outboundClick } from '@/rules/tracked-events';
import { track } from '@/state/page-store';

type LinkProps = {
  /** A path, an absolute URL, a '#id', an e-mail address; none gives a disabled element. */
  to: string | undefined;
  /** What the link is, for assistive technology, when the content does not say it (an icon, a poster). */
  label?: string;
  className?: string;
  /** Marks the link as the current page when its path is the current path (navigation menus). */
  navigation?: boolean;
  /** Marks the link as the current choice (a filter chip; 'date' for a day), whatever its path. */
  current?: boolean | 'date';
  activeClassName?: string;
  /** Navigation state; `{ shouldUpdateScroll: false }` keeps the scroll position. */
  state?: unknown;
  /** Followed in the app, it replaces the address's history entry rather than adding one. */
  replace?: boolean;
  /** A file name: `to` is a file made on the page, saved rather than opened. */
  download?: string;
  /** A second link to the same place (a poster beside a title): skipped by keyboard and screen readers. */
  decorative?: boolean;
  'data-testid'?: string;
  children?: ReactNode;
};

/** Every link of the site: the rules of docs/pages-and-links.md#routes in rules/link-rules.ts, rendered. */
export function Link({ to, label, className, navigation, current: isCurrentChoice, activeClassName, state, replace, download, decorative, children, ...rest }: LinkProps) {
  const t = useTranslate();
  const location = useLocation();
  const search = usePageSearch();
  const settings = useLinkSettings();
  const { protocol, host } = usePageLocation();
  const target = resolveLink(to, {
    ...settings,
    location: { protocol, host, pathname: location.pathname, search },
  });
  const content = children ?? label;
  const testId = rest['data-testid'];

  // A file made on the page (a calendar entry): saved, not navigated to.
  if (download && to) {
    return (
      <a className={className} href={to} download={download} aria-label={label} data-testid={testId}>
        {content}
      </a>
    );
  }

  // Under the preview prefix the page is shown inside the CMS, where following a link
  // would leave the page being edited.
  const suppressInPreview = (event: MouseEvent) => {
    if (isPreviewPath(location.pathname)) event.preventDefault();
  };

  switch (target.kind) {
    case 'disabled':
      return (
        <span className={className} aria-disabled="true" data-testid={testId}>
          {content}
        </span>
      );
    case 'plain':
      return (
        <a className={className} href={target.href} aria-label={label} onClick={suppressInPreview} data-testid={testId}>
          {content}
        </a>
      );
    case 'hash':
      return (
        <a
          className={className}
          href={target.href}
          aria-label={label}
          data-testid={testId}
          onClick={(event) => {
            suppressInPreview(event);
            if (event.defaultPrevented) return;
            const element = document.getElementById(target.targetId);
            if (!element) return;
            event.preventDefault();
            if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
            element.focus();
            element.scrollIntoView();
            window.history.replaceState(window.history.state, '', target.href);
          }}
        >
          {content}
        </a>
      );
    case 'external': {
      const notice = t('link.opensInNewWindow');
      // A label names the link; without one its own text stays its name, the notice
      // following it unseen (an aria-label of the notice alone would replace the text).
      const described = label ? `${label} ${notice}` : undefined;
      return (
        <a
          className={className}
          href={target.href}
          target="_blank"
          rel="noreferrer"
          title={described ?? notice}
          aria-label={described}
          data-testid={testId}
          onClick={(event) => {
            suppressInPreview(event);
            if (!event.defaultPrevented) track(outboundClick(target.href));
          }}
        >
          {content}
          {described ? null : <span className="visually-hidden"> {notice}</span>}
        </a>
      );
    }
    case 'internal': {
      const current = isCurrentChoice ?? (navigation && target.to.split(/[?#]/)[0] === location.pathname);
      return (
        <RouterLink
          to={target.to}
          state={state}
          replace={replace}
          className={current && activeClassName ? `${className ?? ''} ${activeClassName}` : className}
          aria-current={isCurrentChoice === true ? 'true' : isCurrentChoice || (current ? 'page' : undefined)}
          aria-label={label && children ? label : undefined}
          onClick={suppressInPreview}
          tabIndex={decorative ? -1 : undefined}
          aria-hidden={decorative || undefined}
          data-testid={testId}
        >
          {content}
        </RouterLink>
      );
    }
  }
}
