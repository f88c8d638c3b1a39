import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslate } from '@/state/i18n';
import type { StaffMember } from '../api';
import { studioPaths } from '../paths';
import { SignOutButton } from './sign-out-button';
import { SiteSwitcher } from './site-switcher';
import styles from './studio-frame.module.css';

/**
 * Every studio screen's frame: a header with the studio's name and, signed in, the staff
 * member's name, a link to their passkeys and the sign-out button, and on a site's screens
 * (`siteId`) a way to another site; the screen in the main element.
 */
export function StudioFrame({ staff, siteId, children }: { staff?: StaffMember; siteId?: string; children: ReactNode }) {
  const t = useTranslate();
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <div className={`container ${styles.bar}`}>
          <Link to={studioPaths.home.build()} className={styles.name}>
            {t('studio.name')}
          </Link>
          {staff && siteId !== undefined ? <SiteSwitcher siteId={siteId} /> : null}
          {staff ? (
            <div className={styles.staff}>
              <p className={styles.staffName} data-testid="studio-staff-name">
                {t('studio.staff.signedInAs', { name: staff.name })}
              </p>
              {/* aria-current="page" on the passkeys screen (NavLink). */}
              <NavLink to={studioPaths.passkeys.build()} className={styles.staffLink}>
                {t('studio.nav.passkeys')}
              </NavLink>
              <SignOutButton />
            </div>
          ) : null}
        </div>
      </header>
      <main className={`container ${styles.main}`}>{children}</main>
    </div>
  );
}
