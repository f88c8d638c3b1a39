import type { ReactNode } from 'react';
import styles from './card-grid.module.css';

/** Poster cards in columns: 2 on phones, up to 7 on wide screens. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <ul className={styles.grid}>{children}</ul>;
}
