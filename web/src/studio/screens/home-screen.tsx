import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { ServiceProblem } from '../components/service-problem';
import { StudioFrame } from '../components/studio-frame';
import { useMe } from '../hooks/use-me';
import { GrantsOverview } from './grants-overview';
import { SignInScreen } from './sign-in-screen';

/**
 * The studio's start page: the staff member's access, or how to get in without a session.
 * One frame and one title whatever it shows, so that its answer arriving is no move to
 * another page (PageTitle would announce it and move the focus).
 */
export function HomeScreen() {
  const t = useTranslate();
  const me = useMe();
  const signedOut = me.data === null;
  return (
    <StudioFrame staff={me.data?.staff}>
      <PageTitle page={signedOut ? t('studio.signIn.title') : undefined} site={t('studio.name')} />
      {/* The answer comes first: a failed refetch leaves the screen as it was. */}
      {me.data ? (
        <GrantsOverview me={me.data} />
      ) : signedOut ? (
        <SignInScreen />
      ) : me.isError ? (
        <ServiceProblem error={me.error} retrying={me.isFetching} onRetry={() => void me.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </StudioFrame>
  );
}
