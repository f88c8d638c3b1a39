import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { MediaItem, Me, StudioSite } from '../api';
import { MediaSearch } from '../components/media-search';
import { useRemovalConfirmation } from '../components/removable-item';
import { ServiceProblem } from '../components/service-problem';
import { mayEditContent } from '../grants';
import { useDeleteMedia } from '../hooks/use-delete-media';
import { useSiteMedia } from '../hooks/use-site-media';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { mediaFailureText } from '../media-rules';
import { MediaCard } from './media-card';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import { UploadMediaForm } from './upload-media-form';
import styles from './site-media-screen.module.css';

/**
 * `/sites/{siteId}/media`: the site's media library (docs/studio.md#media), newest first,
 * searched by the words of an image's alt text or file name; each image with its
 * thumbnail and facts. Its editors, administrators and the operators add images, edit
 * their alt text, replace their files and delete them (one still in use is refused, the
 * refusal naming where); everyone else with a role on the site reads it. A chunk of its
 * own (studio-app.tsx).
 */
export function SiteMediaScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.media.title', { site: site.name })}>
      {/* Keyed by the site: another site's screen starts without this one's search. */}
      {(site, me) => <SiteMedia key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

function SiteMedia({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const edits = mayEditContent(me.grants, site.id);
  const [q, setQ] = useState('');
  const media = useSiteMedia(site.id, q);
  useForgetSessionIfEnded(media.error);
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.media.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {isNotFound(media.error) ? (
        <SiteGone site={site} testId="studio-media-not-found" />
      ) : (
        <>
          <p className={styles.intro}>{t('studio.media.intro', { site: site.name })}</p>
          {edits ? (
            <UploadMediaForm site={site} />
          ) : (
            <p className={styles.readOnly} data-testid="studio-media-read-only">
              {t('studio.media.readOnly')}
            </p>
          )}
          <MediaLibrary site={site} edits={edits} q={q} onSearch={setQ} media={media} />
        </>
      )}
    </section>
  );
}

type MediaLibraryProps = {
  site: StudioSite;
  edits: boolean;
  /** The search whose images are listed ('': every image). */
  q: string;
  onSearch: (q: string) => void;
  media: UseQueryResult<MediaItem[]>;
};

/** The images, with their search; what became of the last change (an image deleted, described, replaced) said below them. */
function MediaLibrary({ site, edits, q, onSearch, media }: MediaLibraryProps) {
  const t = useTranslate();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [outcome, setOutcome] = useState('');
  const remove = useDeleteMedia(site.id);
  // Its card, which had the focus, is gone once deleted: the list's heading takes it.
  const removal = useRemovalConfirmation(remove, (error) => mediaFailureText(t, error, site.name, 'delete'), heading);
  const said = remove.isSuccess ? t('studio.media.deleted', { alt: remove.variables.alt }) : outcome;
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('studio.media.list.title')}
      </h2>
      <MediaSearch name={t('studio.media.search.name', { site: site.name })} onSearch={onSearch} />
      {media.data ? (
        media.data.length === 0 ? (
          <p className={styles.empty} data-testid="studio-media-none">
            {q ? t('studio.media.noMatch', { q }) : t('studio.media.none', { site: site.name })}
          </p>
        ) : (
          <ul
            className={styles.list}
            aria-label={t('studio.media.caption', { site: site.name })}
            aria-busy={media.isPlaceholderData || undefined}
            data-testid="studio-media"
          >
            {media.data.map((item) => (
              <MediaCard
                key={item.id}
                site={site}
                item={item}
                edits={edits}
                removal={removal(item)}
                onChanged={(text) => {
                  // The last change is said: not a deletion before it.
                  remove.reset();
                  setOutcome(text);
                }}
              />
            ))}
          </ul>
        )
      ) : media.isError ? (
        <ServiceProblem level={2} error={media.error} retrying={media.isFetching} onRetry={() => void media.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.outcome} data-testid="studio-media-outcome">
        {said}
      </p>
    </section>
  );
}
