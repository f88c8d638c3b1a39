import { Link } from '@/components/link';
import { HAND_OFF_PLACES, offeredHandOffs } from '@/rules/offered-hand-offs';
import { ConsentPreferencesButton } from '@/features/consent/components/consent-preferences-button';
import { siteConsentManager } from '@/features/consent/utils/site-consent-manager';
import { HandOffLinks } from '@/components/hand-off-links';
import { siteYear } from '@/rules/date-time-format';
import { useTranslate } from '@/state/i18n';
import type { SiteSettings, SocialLink } from '@/types/api';
import type { NavigationItem } from './main-navigation';
import styles from './site-footer.module.css';

type SiteFooterProps = {
  siteName: string;
  settings: SiteSettings | null | undefined;
  /** The site's time zone: the copyright year is the site's, alike on the server and in the browser. */
  timeZone: string | undefined;
  /** The site's country (ISO 3166-1 alpha-2): its privacy regime names the privacy link. */
  country?: string;
  navigation: readonly NavigationItem[];
};

function linkLabel(link: SocialLink, t: (key: string) => string): string {
  return link.label || t(`footer.linkKind.${link.kind ?? ''}`);
}

export function SiteFooter({ siteName, settings, timeZone, country, navigation }: SiteFooterProps) {
  const t = useTranslate();
  const year = siteYear(timeZone);
  const socialLinks = (settings?.socialLinks ?? []).filter((link) => link.url);
  const appLinks = (settings?.appLinks ?? []).filter((link) => link.url);
  const footerLinks = (settings?.footerLinks ?? []).filter((link) => link.to && link.label);
  const provider = settings?.ticketingProvider;
  const shopLinks = offeredHandOffs(provider, HAND_OFF_PLACES.footer);
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.columns}`}>
        <div className={styles.about}>
          <p className={styles.name}>{siteName}</p>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.navigation')} className={styles.navigation}>
          <h2 className={styles.heading}>{t('footer.navigation')}</h2>
          <ul className={styles.list}>
            {navigation.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={styles.link}>
                  {t(item.messageKey)}
                </Link>
              </li>
            ))}
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} label={link.label} className={styles.link} />
              </li>
            ))}
          </ul>
        </nav>
        {shopLinks.length > 0 ? (
          <section aria-labelledby="footer-shop">
            <h2 id="footer-shop" className={styles.heading}>
              {t('footer.shop')}
            </h2>
            <HandOffLinks segments={shopLinks} provider={provider} className={styles.list} linkClassName={styles.link} />
          </section>
        ) : null}
        {socialLinks.length > 0 ? (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social" className={styles.heading}>
              {t('footer.social')}
            </h2>
            <ul className={styles.pills} data-testid="social-links">
              {socialLinks.map((link) => (
                <li key={link.url}>
                  <Link to={link.url} label={linkLabel(link, t)} className={styles.pill} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {appLinks.length > 0 ? (
          <section aria-labelledby="footer-apps">
            <h2 id="footer-apps" className={styles.heading}>
              {t('footer.apps')}
            </h2>
            <ul className={styles.badges} data-testid="app-links">
              {appLinks.map((link) => {
                const kicker = t(`footer.appKicker.${link.kind ?? ''}`);
                const store = linkLabel(link, t);
                // The name says what the badge shows (WCAG 2.5.3, label in name).
                return (
                  <li key={link.url}>
                    <Link to={link.url} label={`${kicker} ${store}`} className={styles.badge}>
                      <span className={styles.badgeKicker}>{kicker}</span>{' '}
                      <span className={styles.badgeStore}>{store}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>{t('footer.copyright', [String(year), siteName])}</p>
        {siteConsentManager(settings).kind === 'disabled' ? null : <ConsentPreferencesButton country={country} />}
      </div>
    </footer>
  );
}
