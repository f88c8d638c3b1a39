import { useTranslate } from '@/state/i18n';
import { ErrorScreen } from './error-screen';

/** The 404 screen; also what a movie or page route shows for an unknown address. */
export function NotFoundRoute() {
  const t = useTranslate();
  return <ErrorScreen status={404} title={t('notFound.title')} text={t('notFound.text')} linkToMovies testId="not-found" />;
}
