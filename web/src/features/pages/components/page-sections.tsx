import type { PageSection } from '@/types/api';
import styles from './page-sections.module.css';

export function PageSections({ sections }: { sections: readonly PageSection[] }) {
  return (
    <div className={styles.sections}>
      {sections.map((section, index) => (
        <section key={`${index}-${section.heading ?? ''}`} className={styles.section}>
          {section.heading ? <h2 className={styles.heading}>{section.heading}</h2> : null}
          {(section.paragraphs ?? []).map((paragraph, paragraphIndex) => (
            <p key={paragraphIndex}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
