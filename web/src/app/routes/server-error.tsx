import { useTranslate } from '@/state/i18n';
import { ErrorScreen } from './error-screen';

/** /500.html: where a page goes when the server failed it (docs/pages-and-links.md#page-loading-and-errors). */
export function ServerErrorRoute() {
  const t = useTranslate();
  return <ErrorScreen status={500} title={t('serverError.title')} text={t('serverError.text')} testId="server-error" />;
}
