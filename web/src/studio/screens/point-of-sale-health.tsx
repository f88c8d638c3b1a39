import type { ReactNode } from 'react';
import { useTranslate } from '@/state/i18n';
import type { PointOfSaleState } from '../api';
import { attributeCodeName, pointOfSaleHealth, providerName, tokenSource } from '../point-of-sale-rules';
import { changeTime } from '../publishing-rules';
import styles from './point-of-sale-section.module.css';

/** A time of the point of sale, in the staff member's language and time zone, as the studio's other screens show one. */
function When({ at }: { at: string }) {
  const t = useTranslate();
  return <time dateTime={at}>{changeTime(t.locale, at)}</time>;
}

function Fact({ name, children, testId }: { name: string; children: ReactNode; testId: string }) {
  return (
    <div className={styles.fact} data-testid={testId}>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * How a theater's schedule comes in, said plainly: linked to its point of sale or pushed
 * through the ingest API; when linked, whether the connector is in step, its last
 * successful poll and its last failure; in the last hour, showtimes changed and seat
 * updates, and the last change; and the token the connector uses (never shown: whether one
 * is kept, when and by whom it was uploaded, or the token file read instead). For every
 * role of the site.
 */
export function PointOfSaleHealthView({ state }: { state: PointOfSaleState }) {
  const t = useTranslate();
  const health = pointOfSaleHealth(state);
  const provider = state.link ? providerName(t, state.link.provider) : '';
  const count = (value: number) => new Intl.NumberFormat(t.locale).format(value);
  const source = tokenSource(state);
  return (
    <div className={styles.health}>
      <h3 className={styles.subtitle}>{t('studio.pointOfSale.health')}</h3>
      {/* Said again when it changes, as the screen asks every 30 seconds. */}
      <p role="status" className={health === 'failing' ? `${styles.status} ${styles.failing}` : styles.status} data-testid="studio-point-of-sale-status">
        {t(`studio.pointOfSale.status.${health}`, { provider })}
      </p>
      <dl className={styles.facts}>
        <Fact name={t('studio.pointOfSale.linkedTo')} testId="studio-point-of-sale-provider">
          {state.link ? provider : t('studio.pointOfSale.notLinked')}
        </Fact>
        {state.link ? (
          <>
            <Fact name={t('studio.pointOfSale.lastSuccess')} testId="studio-point-of-sale-last-success">
              {state.lastSuccessAt ? <When at={state.lastSuccessAt} /> : t('studio.pointOfSale.never')}
            </Fact>
            <Fact name={t('studio.pointOfSale.lastError')} testId="studio-point-of-sale-last-error">
              {state.lastError || state.lastErrorAt ? (
                <>
                  {state.lastError ? <span className={styles.errorText}>{state.lastError}</span> : null}
                  {state.lastErrorAt ? (
                    <span className={styles.line}>
                      <When at={state.lastErrorAt} />
                    </span>
                  ) : null}
                </>
              ) : (
                t('studio.pointOfSale.lastError.none')
              )}
            </Fact>
          </>
        ) : null}
        <Fact name={t('studio.pointOfSale.showtimesChanged')} testId="studio-point-of-sale-showtimes">
          {count(state.showtimesChangedLastHour)}
        </Fact>
        <Fact name={t('studio.pointOfSale.seatUpdates')} testId="studio-point-of-sale-seats">
          {count(state.seatUpdatesLastHour)}
        </Fact>
        <Fact name={t('studio.pointOfSale.lastChange')} testId="studio-point-of-sale-last-change">
          {state.lastChangeAt ? <When at={state.lastChangeAt} /> : t('studio.pointOfSale.lastChange.none')}
        </Fact>
        <Fact name={t('studio.pointOfSale.token')} testId="studio-point-of-sale-token">
          {source === 'file' ? (
            t('studio.pointOfSale.token.file', { file: state.link?.tokenFile ?? '' })
          ) : source === 'none' ? (
            t('studio.pointOfSale.token.none')
          ) : state.tokenSetAt && state.tokenSetBy ? (
            <TokenKept at={state.tokenSetAt} by={state.tokenSetBy} />
          ) : (
            t('studio.pointOfSale.token.keptSince')
          )}
        </Fact>
      </dl>
    </div>
  );
}

/** "A token is kept, uploaded Dec 3, 2026, 2:05 PM by Theo Manager. It is never shown.", as a time (the ingest keys' "Made …" is one too). */
function TokenKept({ at, by }: { at: string; by: string }) {
  const t = useTranslate();
  return <time dateTime={at}>{t('studio.pointOfSale.token.kept', { time: changeTime(t.locale, at), name: by })}</time>;
}

/** The theater's attributes table as text, for a role that reads it alone: each short name and what it means. */
export function PointOfSaleAttributesView({ state, theater }: { state: PointOfSaleState; theater: string }) {
  const t = useTranslate();
  const rows = Object.entries(state.link?.attributes ?? {});
  if (!state.link) return null;
  return rows.length === 0 ? (
    <p className={styles.none}>{t('studio.pointOfSale.attributes.none')}</p>
  ) : (
    <table className={styles.table} data-testid="studio-point-of-sale-attributes">
      <caption>{t('studio.pointOfSale.attributes.caption', { theater })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('studio.pointOfSale.attribute.shortName')}</th>
          <th scope="col">{t('studio.pointOfSale.attribute.code')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([shortName, code]) => (
          <tr key={shortName}>
            <th scope="row">{shortName}</th>
            <td>{attributeCodeName(t, code)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
