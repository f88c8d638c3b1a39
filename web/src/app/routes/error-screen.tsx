import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import styles from './error-screen.module.css';

type ErrorScreenProps = {
  /** The HTTP status, shown large (the title says it in words to a screen reader). */
  status: 404 | 500;
  title: string;
  text: string;
  /** Whether the movie list is offered beside the home page. */
  linkToMovies?: boolean;
  testId: string;
};

/** The screen of a page that cannot be shown: its status, what went wrong, the way on. */
export function ErrorScreen({ status, title, text, linkToMovies = false, testId }: ErrorScreenProps) {
  const t = useTranslate();
  const { data } = useAppData();
  return (
    <div className={`container page ${styles.screen}`} data-testid={testId}>
      <PageTitle page={title} site={siteName(data?.site)} />
      <p className={styles.code} aria-hidden="true">
        {status}
      </p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>
        <Link to={paths.home.build()} className="button">
          {t('notFound.home')}
        </Link>
        {linkToMovies ? (
          <Link to={paths.movies.build()} className="button button-secondary">
            {t('notFound.movies')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
