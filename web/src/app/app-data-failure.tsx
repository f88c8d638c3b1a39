import { ErrorNotice } from '@/components/error-notice';
import { STARTUP_FAILURE_TEXT } from '@/config/startup-failure-text';

/**
 * Shown when the app data (and so the locale messages) cannot be loaded: the only
 * text on the site that cannot come from the message catalogue.
 */
export function AppDataFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const text = STARTUP_FAILURE_TEXT;
  return (
    <ErrorNotice title={text.title} detail={error.message} retryLabel={text.retry} onRetry={onRetry} />
  );
}
