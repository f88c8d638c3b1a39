import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { useTranslate } from '@/state/i18n';
import { StudioFrame } from '../components/studio-frame';
import { studioPaths } from '../paths';
import styles from './not-found-screen.module.css';

/** An address the studio has no screen for. */
export function NotFoundScreen() {
  const t = useTranslate();
  return (
    <StudioFrame>
      <PageTitle page={t('studio.notFound.title')} site={t('studio.name')} />
      <section className={styles.notFound}>
        <h1 className="page-title">{t('studio.notFound.title')}</h1>
        <p>{t('studio.notFound.text')}</p>
        <p>
          <Link to={studioPaths.home.build()}>{t('studio.notFound.home')}</Link>
        </p>
      </section>
    </StudioFrame>
  );
}
