import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslate } from '@/state/i18n';
import type { StudioMovie, StudioSite } from '../api';
import choiceStyles from '../components/check-choice.module.css';
import { MediaPicker } from '../components/media-picker';
import recordState from '../components/record-state.module.css';
import {
  canMove,
  onSiteHost,
  ratingText,
  releaseDateText,
  runtimeText,
  shownPosterPath,
  type MovieMove,
} from '../movie-order-rules';
import styles from './movie-row.module.css';

/** What the row of a movie that is changed does with its site's fields. */
export type MovieRowActions = {
  /** Shows the movie on the site, or keeps it off. */
  onShown: (shown: boolean) => void;
  /** Features the movie on the home page. */
  onFeatured: () => void;
  /** Gives the movie a poster of the media library (its path), or the point of sale's again (null). */
  onPoster: (path: string | null) => void;
  /** Moves the movie one place up or down, or to the top. */
  onMove: (move: MovieMove) => void;
};

type MovieRowProps = {
  site: StudioSite;
  movie: StudioMovie;
  /** Where the movie stands in the site's order, from 0, of `count`. */
  index: number;
  count: number;
  /** Whether the site shows the movie, whether its home page features it, and the poster of the media library in place of the point of sale's. */
  shown: boolean;
  featured: boolean;
  poster: string | undefined;
  /** The name of the radio buttons that feature a movie, one for every row and the screen's "none". */
  featuredName: string;
  /** What a refusal of the movie's poster says (shown on it, and given the focus), or ''. */
  posterRefusal: string;
  /** What the staff member does with the movie, when they change the movies (mayEditContent); otherwise the row reads alone. */
  actions: MovieRowActions | undefined;
};

/**
 * MovieRow as an item of the sortable list (DndContext and SortableContext around it): a
 * drag handle, which the keyboard drags too (KeyboardSensor: Space or Enter, then the
 * arrow keys), and the row moving as it is dragged. Its place is set through the CSSOM, as
 * the studio's Content-Security-Policy takes no style attribute.
 */
export function SortableMovieRow(props: MovieRowProps) {
  const t = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.movie.id,
    attributes: { roleDescription: t('studio.movies.drag.roleDescription') },
  });
  const row = useRef<HTMLLIElement | null>(null);
  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    element.style.transform = CSS.Translate.toString(transform) ?? '';
    element.style.transition = transition ?? '';
  }, [transform, transition]);
  const handle = (
    <button
      ref={setActivatorNodeRef}
      type="button"
      className={styles.handle}
      aria-label={t('studio.movies.drag.name', { movie: props.movie.title })}
      {...attributes}
      {...listeners}
    >
      <GripIcon />
    </button>
  );
  return (
    <MovieRow
      {...props}
      handle={handle}
      dragging={isDragging}
      rowRef={(element: HTMLLIElement | null) => {
        row.current = element;
        setNodeRef(element);
      }}
    />
  );
}

type SortableParts = {
  /** In a sortable list: the drag handle, whether the row is being dragged, and the ref of the row's element. */
  handle?: ReactNode;
  dragging?: boolean;
  rowRef?: Ref<HTMLLIElement>;
};

/**
 * A movie of the site, in a sortable list when its fields are changed (the drag handle its
 * own: SortableMovieRow), or read alone: the poster the site shows of it (the one chosen
 * from the media library, else the point of sale's), its point of sale's facts (its title,
 * release date, runtime and rating, never changed here) and its site's fields: whether the
 * site shows it, whether the home page's hero features it, and its poster, with the
 * buttons that move it one place up or down, or to the top of the list.
 */
export function MovieRow({
  site,
  movie,
  index,
  count,
  shown,
  featured,
  poster,
  featuredName,
  posterRefusal,
  actions,
  handle,
  dragging = false,
  rowRef,
}: MovieRowProps & SortableParts) {
  const t = useTranslate();
  const id = useId();
  const titleId = `${id}-title`;
  const shownId = `${id}-shown`;
  const featuredId = `${id}-featured`;
  const classes = [styles.row, actions ? styles.changed : styles.read, dragging ? styles.dragging : '', shown ? '' : styles.excluded];
  return (
    <li ref={rowRef} className={classes.filter(Boolean).join(' ')} data-testid="studio-movie">
      <div role="group" aria-labelledby={titleId} className={styles.movie}>
        {actions ? (
          <div className={styles.place}>
            {/* The list's own numbers, which a screen reader gives as the item's place in the list already. */}
            <span className={styles.position} aria-hidden="true">
              {index + 1}
            </span>
            {handle}
          </div>
        ) : null}
        <Poster site={site} movie={movie} poster={poster} />
        <div className={styles.about}>
          <h2 id={titleId} className={styles.title}>
            {movie.title}
          </h2>
          <p className={styles.source}>{t('studio.movies.pointOfSale')}</p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('studio.movies.releaseDate')}</dt>
              <dd>{releaseDateText(t, movie.releaseDate)}</dd>
            </div>
            <div>
              <dt>{t('studio.movies.runtime')}</dt>
              <dd>{runtimeText(t, movie.runtimeMinutes)}</dd>
            </div>
            <div>
              <dt>{t('studio.movies.rating')}</dt>
              <dd>{ratingText(t, movie.rating)}</dd>
            </div>
            <div>
              <dt>{t('studio.movies.id')}</dt>
              <dd className={styles.id}>{movie.id}</dd>
            </div>
          </dl>
        </div>
        <div className={styles.site}>
          {actions ? (
            <>
              <div className={`${choiceStyles.choice} ${styles.choice}`}>
                <input
                  id={shownId}
                  type="checkbox"
                  className={`${choiceStyles.box} ${styles.box}`}
                  checked={shown}
                  onChange={(event) => actions.onShown(event.target.checked)}
                />
                <label htmlFor={shownId}>{t('studio.movies.shown')}</label>
              </div>
              <div className={`${choiceStyles.choice} ${styles.choice}`}>
                <input
                  id={featuredId}
                  type="radio"
                  name={featuredName}
                  value={movie.id}
                  className={`${choiceStyles.box} ${styles.box}`}
                  checked={featured}
                  disabled={!shown}
                  aria-describedby={shown ? undefined : `${featuredId}-hint`}
                  onChange={() => actions.onFeatured()}
                />
                <label htmlFor={featuredId}>{t('studio.movies.featured')}</label>
                {shown ? null : (
                  <p id={`${featuredId}-hint`} className={styles.hint}>
                    {t('studio.movies.featured.excluded')}
                  </p>
                )}
              </div>
            </>
          ) : (
            <ul className={styles.states}>
              <li className={shown ? recordState.state : `${recordState.state} ${styles.offState}`}>
                {t(shown ? 'studio.movies.shown' : 'studio.movies.shown.no')}
              </li>
              {featured ? <li className={recordState.state}>{t('studio.movies.featured')}</li> : null}
            </ul>
          )}
          <PosterField site={site} movie={movie} poster={poster} refusal={posterRefusal} onPoster={actions?.onPoster} />
        </div>
        {actions ? <MoveButtons movie={movie} index={index} count={count} onMove={actions.onMove} /> : null}
      </div>
    </li>
  );
}

/** The poster the site shows of the movie, from the site's own host, or words in its place where it cannot be shown. */
function Poster({ site, movie, poster }: { site: StudioSite; movie: StudioMovie; poster: string | undefined }) {
  const src = onSiteHost(shownPosterPath(movie, poster), site.publicUrl);
  // Another poster is tried afresh.
  return <PosterImage key={src ?? ''} src={src} />;
}

function PosterImage({ src }: { src: string | undefined }) {
  const t = useTranslate();
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className={styles.poster} data-testid="studio-movie-no-poster">
        <span className={styles.noPoster}>{t('studio.movies.poster.notShown')}</span>
      </span>
    );
  }
  // The title beside it says what it is: the picture adds no words.
  return (
    <img className={styles.poster} src={src} alt="" width={120} height={180} loading="lazy" decoding="async" onError={() => setFailed(true)} />
  );
}

type PosterFieldProps = {
  site: StudioSite;
  movie: StudioMovie;
  poster: string | undefined;
  refusal: string;
  /** Changes the poster, for those who change the movies. */
  onPoster: ((path: string | null) => void) | undefined;
};

/**
 * Which poster the site shows of the movie, and, for those who change it, the way to choose
 * one of the media library in place of the point of sale's, or to give it the point of
 * sale's again. The focus goes where the staff member goes on: to that button once a poster
 * is chosen, to the words saying which poster it is once it is the point of sale's again.
 */
function PosterField({ site, movie, poster, refusal, onPoster }: PosterFieldProps) {
  const t = useTranslate();
  const id = useId();
  // Where the focus goes once the change shows (the picker's list, or the button, which had it, are gone).
  const focusNext = useRef<'remove' | 'which' | null>(null);
  const focusIf = (target: 'remove' | 'which') => (element: HTMLElement | null) => {
    if (element && focusNext.current === target) {
      focusNext.current = null;
      element.focus();
    }
  };
  return (
    <div className={styles.posterField}>
      <p id={`${id}-which`} ref={focusIf('which')} tabIndex={-1} className={styles.which}>
        {t(poster === undefined ? 'studio.movies.poster.pointOfSale' : 'studio.movies.poster.library')}
      </p>
      {onPoster ? (
        <>
          <MediaPicker
            siteId={site.id}
            purpose={t('studio.movies.poster.purpose', { movie: movie.title })}
            onPick={(item) => {
              focusNext.current = 'remove';
              onPoster(item.path);
            }}
          />
          {poster === undefined ? null : (
            <button
              ref={focusIf('remove')}
              type="button"
              className="button button-secondary"
              aria-label={t('studio.movies.poster.remove.name', { movie: movie.title })}
              onClick={() => {
                focusNext.current = 'which';
                onPoster(null);
              }}
            >
              {t('studio.movies.poster.remove')}
            </button>
          )}
        </>
      ) : null}
      {refusal ? (
        <p className={styles.error} tabIndex={-1} ref={focusOnArrival}>
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/** An element given the focus as it arrives (a refusal said where its field is). */
export function focusOnArrival(element: HTMLElement | null) {
  element?.focus();
}

type MoveButtonsProps = { movie: StudioMovie; index: number; count: number; onMove: (move: MovieMove) => void };

/**
 * The movie one place up or down, or to the top of the list, each a button of its own (a
 * click, or a key). One that cannot move it (the top movie's Up) stays in its place and
 * keeps the focus, said unavailable, so the focus is never lost as the movie moves.
 */
function MoveButtons({ movie, index, count, onMove }: MoveButtonsProps) {
  const t = useTranslate();
  const moves: readonly MovieMove[] = ['up', 'down', 'top'];
  return (
    <div className={styles.moves}>
      {moves.map((move) => {
        const possible = canMove(index, count, move);
        return (
          <button
            key={move}
            type="button"
            className={`button button-secondary ${styles.move}`}
            aria-label={t(`studio.movies.move.${move}.name`, { movie: movie.title })}
            aria-disabled={possible ? undefined : true}
            onClick={() => {
              if (possible) onMove(move);
            }}
          >
            {t(`studio.movies.move.${move}`)}
          </button>
        );
      })}
    </div>
  );
}

/** Six dots: what a drag handle looks like. */
function GripIcon() {
  return (
    <svg className={styles.grip} viewBox="0 0 12 18" width="12" height="18" aria-hidden="true" focusable="false">
      {[3, 9, 15].flatMap((y) => [3, 9].map((x) => <circle key={`${String(x)}-${String(y)}`} cx={x} cy={y} r="1.6" fill="currentColor" />))}
    </svg>
  );
}
