import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { Me, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { mayEditContent } from '../grants';
import { useDraftSite } from '../hooks/use-site-draft';
import { useSiteMovies } from '../hooks/use-site-movies';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { MovieOrderEditor } from './movie-order-editor';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-movies-screen.module.css';

/**
 * `/sites/{siteId}/movies`: the site's movies, those it keeps off too, in its order as its
 * draft has it, each with its point of sale's facts (read-only) and its site's fields
 * (MovieOrderEditor): its place in the order, whether the site shows it, the movie the
 * home page's hero features, its poster from the media library. Its editors, administrators
 * and the operators change them in the draft; everyone else with a role on the site reads
 * them. A chunk of its own (studio-app.tsx), which alone carries the drag and drop code.
 */
export function SiteMoviesScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.movies.title', { site: site.name })}>
      {/* Keyed by the site: another site's movies start from its own document and outcome. */}
      {(site, me) => <SiteMovies key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

function SiteMovies({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const document = useDraftSite(site.id);
  const movies = useSiteMovies(site.id);
  useForgetSessionIfEnded(document.error);
  useForgetSessionIfEnded(movies.error);
  const error = document.error ?? movies.error;
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.movies.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {isNotFound(document.error) || isNotFound(movies.error) ? (
        <SiteGone site={site} testId="studio-movies-not-found" />
      ) : document.data && movies.data ? (
        <>
          <p className={styles.intro}>{t('studio.movies.intro', { site: site.name })}</p>
          {movies.data.length === 0 ? (
            <p className={styles.none} data-testid="studio-movies-none">
              {t('studio.movies.none', { site: site.name })}
            </p>
          ) : (
            <MovieOrderEditor site={site} document={document.data} movies={movies.data} edits={mayEditContent(me.grants, site.id)} />
          )}
        </>
      ) : error ? (
        <ServiceProblem
          level={2}
          error={error}
          retrying={document.isFetching || movies.isFetching}
          onRetry={() => {
            if (document.isError) void document.refetch();
            if (movies.isError) void movies.refetch();
          }}
        />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}
