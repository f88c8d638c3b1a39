import { useTranslate } from '@/state/i18n';
import type { ShowtimeAttribute } from '../utils/showtime-attributes';
import styles from './attribute-badges.module.css';

/** The name of a showing's language when it is not the page's own, else nothing. */
export function foreignLanguage(language: string | undefined, locale: string): string | undefined {
  if (!language) return undefined;
  const primary = (tag: string) => tag.split(/[-_]/)[0]?.toLowerCase();
  if (primary(language) === primary(locale)) return undefined;
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/**
 * A showing's attributes as short badges, each read out by its full name, and its
 * language when it is not the page's.
 */
export function AttributeBadges({ attributes, language }: { attributes: readonly ShowtimeAttribute[]; language?: string }) {
  const t = useTranslate();
  const languageName = foreignLanguage(language, t.locale);
  if (attributes.length === 0 && !languageName) return null;
  return (
    <ul className="label-list" aria-label={t('showtimes.attributes')}>
      {languageName && language ? (
        <li className={styles.badge} title={languageName} data-language={language}>
          <span aria-hidden="true">{language.toUpperCase()}</span>
          <span className="visually-hidden">{languageName}</span>
        </li>
      ) : null}
      {attributes.map((code) => (
        <li key={code} className={styles.badge} title={t(`showtimes.attribute.${code}`)} data-attribute={code}>
          <span aria-hidden="true">{t(`showtimes.attributeShort.${code}`)}</span>
          <span className="visually-hidden">{t(`showtimes.attribute.${code}`)}</span>
        </li>
      ))}
    </ul>
  );
}

/** What each badge on the page means. */
export function AttributeLegend({ attributes }: { attributes: readonly ShowtimeAttribute[] }) {
  const t = useTranslate();
  if (attributes.length === 0) return null;
  return (
    <details className={styles.legend} data-testid="attribute-legend">
      <summary>{t('showtimes.legend')}</summary>
      <dl className={styles.terms}>
        {attributes.map((code) => (
          <div key={code} className={styles.term}>
            <dt className={styles.badge} aria-hidden="true">
              {t(`showtimes.attributeShort.${code}`)}
            </dt>
            <dd>{t(`showtimes.attribute.${code}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
