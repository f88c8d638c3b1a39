// What needs the member's theater (e-vouchers on sale there, membership activation) on
// a chain where none is chosen: docs/pages-and-links.md#current-theater gives a chain no
// current theater until the visitor picks one, so the screen asks rather than assuming the
// first.

import type { ReactNode } from 'react';
import { useSelectedTheater } from '@/state/selected-theater';
import { useAppData } from '@/api/get-app-data';
import { useLoyaltyApi } from '../../api/loyalty-api';
import styles from './account.module.css';

export function TheaterNeeded({ reason, children }: { reason: string; children: ReactNode }) {
  const { context } = useLoyaltyApi();
  const { data: appData } = useAppData();
  const { selectTheater } = useSelectedTheater();
  if (context.cinemaId) return children;
  return (
    <div role="group" aria-labelledby="theater-needed" data-testid="theater-needed">
      <p id="theater-needed">{reason}</p>
      <ul className={styles.links}>
        {(appData?.theaters ?? []).map((theater) => (
          <li key={theater.id}>
            <button type="button" className="button button-secondary" onClick={() => selectTheater(theater.id)}>
              {theater.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
