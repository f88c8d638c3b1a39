// Site search's results page, /search/?q= (docs/ingest.md#site-search): every hit, grouped by
// kind. Never published and never indexed: the gateway serves the app's shell, noindex.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import { searchQueryOptions } from '@/features/search/api/search';
import { HitImage } from '@/features/search/components/hit-image';
import { groupHits } from '@/features/search/utils/group-hits';
import { useTranslate } from '@/state/i18n';
import { plural } from '@/rules/plural';
import styles from './search.module.css';

/** The most hits the page shows. */
const PAGE_LIMIT = 50;

export function SearchRoute() {
  const t = useTranslate();
  const navigate = useNavigate();
  const { data: appData } = useAppData();
  const [params] = useSearchParams();
  const words = (params.get('q') ?? '').trim().slice(0, 100);
  // The field follows the address (a new search, back and forward) and keeps its focus.
  const [typed, setTyped] = useState(words);
  const [searched, setSearched] = useState(words);
  if (searched !== words) {
    setSearched(words);
    setTyped(words);
  }
  const { data: hits, isPending, isError } = useQuery({ ...searchQueryOptions(words, PAGE_LIMIT), enabled: words !== '' });
  return (
    <div className="container page">
      <PageTitle page={words ? t('search.titleFor', [words]) : t('search.title')} site={siteName(appData?.site)} />
      <h1 className="page-title">{t('search.title')}</h1>
      <form
        role="search"
        action={paths.search.build()}
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          const typed = new FormData(event.currentTarget).get('q');
          void navigate(paths.search.build(typeof typed === 'string' ? typed : ''));
        }}
      >
        <label htmlFor="search-words" className={styles.label}>
          {t('search.label')}
        </label>
        <div className={styles.row}>
          <input
            id="search-words"
            name="q"
            type="search"
            maxLength={100}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="text-input"
          />
          <button type="submit" className="button">
            {t('search.submit')}
          </button>
        </div>
      </form>
      {words === '' ? (
        <p>{t('search.prompt')}</p>
      ) : isError ? (
        <p role="alert">{t('search.failed')}</p>
      ) : isPending ? (
        <Spinner />
      ) : (
        <>
          <p role="status" className={styles.count}>
            {hits.length === 0 ? t('search.none', [words]) : plural(t, 'search.count', hits.length)}
          </p>
          {groupHits(hits).map((group) => (
            <section key={group.kind} aria-labelledby={`search-${group.kind}`} className={styles.group}>
              <h2 id={`search-${group.kind}`} className={styles.kind}>
                {t(`search.kind.${group.kind}`)}
              </h2>
              <ul className={styles.hits}>
                {group.hits.map(({ hit }) => (
                  <li key={hit.id} className={styles.hit}>
                    <HitImage hit={hit} className={styles.poster} />
                    <div>
                      <Link to={hit.path} className={styles.title}>
                        {hit.title}
                      </Link>
                      {hit.subtitle ? <p className={styles.subtitle}>{hit.subtitle}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
