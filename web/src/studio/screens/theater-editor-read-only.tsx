import type { ReactNode } from 'react';
import { useTranslate } from '@/state/i18n';
import type { TheaterDetails } from '../api';
import { addressLines, openingHoursText } from '../theater-rules';
import styles from './theater-editor.module.css';

/**
 * A theater's descriptive fields as text, for a role that reads them alone: in the groups
 * and words of its form (TheaterEditor), each field not given said so, and no control.
 */
export function TheaterDetailsView({ label, theater }: { label: string; theater: TheaterDetails }) {
  const t = useTranslate();
  const notGiven = <span className={styles.notGiven}>{t('studio.theater.notGiven')}</span>;
  const text = (value: string | undefined) => (value?.trim() ? <span className={styles.text}>{value.trim()}</span> : notGiven);
  const list = (items: readonly string[]) =>
    items.length === 0 ? (
      notGiven
    ) : (
      <ul className={styles.notes}>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    );
  const address = addressLines(theater.address);
  const hours = theater.openingHours ?? [];
  const placed = (theater.latitude ?? 0) !== 0 || (theater.longitude ?? 0) !== 0;
  return (
    <section className={styles.details} aria-label={label} data-testid="studio-theater-details">
      <Group title={t('studio.theater.address')}>
        <p>
          {address.length === 0
            ? notGiven
            : address.map((line, index) => (
                <span key={index} className={styles.addressLine}>
                  {line}
                </span>
              ))}
        </p>
      </Group>
      <Group title={t('studio.theater.contact')}>
        <Facts>
          <Fact name={t('studio.theater.phone')}>{text(theater.phone)}</Fact>
          <Fact name={t('studio.theater.email')}>{text(theater.email)}</Fact>
        </Facts>
      </Group>
      <Group title={t('studio.theater.about')}>
        <Facts>
          <Fact name={t('studio.theater.description')}>{text(theater.description)}</Fact>
        </Facts>
      </Group>
      <Group title={t('studio.theater.visit')}>
        <Facts>
          <Fact name={t('studio.theater.hours')}>
            {hours.length === 0 ? (
              <span className={styles.notGiven}>{t('studio.theater.hours.none')}</span>
            ) : (
              <ul className={styles.notes}>
                {hours.map((line, index) => (
                  <li key={index}>{openingHoursText(t, line)}</li>
                ))}
              </ul>
            )}
          </Fact>
          <Fact name={t('studio.theater.parking')}>{text(theater.parking)}</Fact>
        </Facts>
      </Group>
      <Group title={t('studio.theater.notes')}>
        <Facts>
          <Fact name={t('studio.theater.accessibility')}>{list(theater.accessibility ?? [])}</Fact>
          <Fact name={t('studio.theater.amenities')}>{list(theater.amenities ?? [])}</Fact>
        </Facts>
      </Group>
      <Group title={t('studio.theater.place')}>
        <Facts>
          <Fact name={t('studio.theater.timeZone')}>{theater.timeZone?.trim() || t('studio.theater.timeZone.site')}</Fact>
          <Fact name={t('studio.theater.position')}>
            {placed ? (
              t('studio.theater.position.text', { latitude: theater.latitude ?? 0, longitude: theater.longitude ?? 0 })
            ) : (
              <span className={styles.notGiven}>{t('studio.theater.position.none')}</span>
            )}
          </Fact>
        </Facts>
      </Group>
    </section>
  );
}

/** A group of fields, as the form's parts are: its heading, then its fields (Facts, or the address's lines). */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.group}>
      <h2 className={styles.groupTitle}>{title}</h2>
      {children}
    </div>
  );
}

/** Fields of a group, each its name and its value (Fact). */
function Facts({ children }: { children: ReactNode }) {
  return <dl className={styles.facts}>{children}</dl>;
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}
