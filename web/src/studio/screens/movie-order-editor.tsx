import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useId, useMemo, useState, type SubmitEvent } from 'react';
import { useTranslate } from '@/state/i18n';
import type { SiteDocument, StudioMovie, StudioSite } from '../api';
import choiceStyles from '../components/check-choice.module.css';
import { DraftRecordActions } from '../components/draft-record-actions';
import { PublishDraftHint } from '../components/draft-record-layout';
import { draftRecordFailureText } from '../draft-record-rules';
import { useAskBeforeUnload } from '../hooks/use-ask-before-unload';
import { useSavedToDraft } from '../hooks/use-saved-to-draft';
import { useSaveDraftSite } from '../hooks/use-site-draft';
import {
  dragAnnouncements,
  movedIndex,
  moveMovie,
  movieRefusalText,
  movieSiteFields,
  movieSiteFieldsPatch,
  orderedMovies,
  refusedMovieField,
  withFeaturedMovie,
  withMovieShown,
  withPoster,
  type MovieMove,
  type MovieSiteFields,
} from '../movie-order-rules';
import { focusOnArrival, MovieRow, SortableMovieRow, type MovieRowActions } from './movie-row';
import styles from './movie-order-editor.module.css';

type MovieOrderEditorProps = {
  site: StudioSite;
  /** The site's document as the draft has it, whose `config` holds the movies' site fields. */
  document: SiteDocument;
  /** Every movie of the site as published, in the point of sale's order. */
  movies: readonly StudioMovie[];
  /** Whether the staff member changes the movies' site fields (mayEditContent); otherwise they read them. */
  edits: boolean;
};

/**
 * The site's movies in its order, each with its point of sale's facts and its site's
 * fields (MovieRow): whether the site shows it, the one movie the home page's hero
 * features (or none), a poster of the media library in place of the point of sale's.
 * A movie is moved by dragging it (with the mouse, a finger, or the keyboard, each step
 * said to a screen reader) or by its Up, Down and To the top buttons. One save sends every
 * change as one merge patch (movieSiteFieldsPatch); a refusal is said where the field it
 * names is shown, and given the focus. For a role that does not change them, the same
 * list, read alone, with no control.
 *
 * The fields are kept as one value rather than in a form library's fields: a movie's
 * poster is keyed by its id, which a dotted field name (`posterOverrides.1001`) would read
 * as an array's index.
 */
export function MovieOrderEditor({ site, document, movies, edits }: MovieOrderEditorProps) {
  const t = useTranslate();
  const save = useSaveDraftSite(site.id);
  // What the document has; the staff member's changes on top of it (null: none, so a
  // document saved, or changed by someone else, shows as it is).
  const baseline = useMemo(() => movieSiteFields(document, movies), [document, movies]);
  const [edited, setEdited] = useState<MovieSiteFields | null>(null);
  const fields = edited ?? baseline;
  const listed = useMemo(() => orderedMovies(movies, fields.order), [movies, fields.order]);
  const order = useMemo(() => listed.map((movie) => movie.id), [listed]);
  const [unchanged, setUnchanged] = useState(false);
  // What the last move by a button was, said to a screen reader ('' once something else changed).
  const [moved, setMoved] = useState('');
  const featuredName = useId();

  const unsaved = edits && Object.keys(movieSiteFieldsPatch(baseline, fields, movies)).length > 0;
  useAskBeforeUnload(unsaved);
  const justSaved = useSavedToDraft(save);

  const titleOf = (id: string) => movies.find((movie) => movie.id === id)?.title ?? id;

  /** The fields as changed: what was said of the last save goes, unless it is still under way. */
  const change = (next: MovieSiteFields, movedText = '') => {
    setEdited(next);
    setUnchanged(false);
    setMoved(movedText);
    if (!save.isPending) save.reset();
  };

  const moveTo = (id: string, index: number) => {
    const next = moveMovie(order, id, index);
    const position = next.indexOf(id) + 1;
    change({ ...fields, order: next }, t('studio.movies.moved', { movie: titleOf(id), position, count: next.length }));
  };

  const sensors = useSensors(
    // A few pixels before a drag starts, so that a tap on the handle is no drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    moveTo(String(active.id), order.indexOf(String(over.id)));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const patch = movieSiteFieldsPatch(baseline, fields, movies);
    save.reset();
    setUnchanged(Object.keys(patch).length === 0);
    if (Object.keys(patch).length === 0) return;
    const sent = fields;
    save.mutate(patch, {
      // The document the draft now has is what the screen shows, but for changes made meanwhile.
      onSuccess: () => setEdited((current) => (current === sent ? null : current)),
    });
  };

  const fault = save.isError ? refusedMovieField(save.error) : undefined;
  const refusal = fault && save.error ? movieRefusalText(t, fault, save.error.message, titleOf) : '';
  const failure = save.isError && !fault ? draftRecordFailureText(t, save.error, 'studio.movies', site.name) : '';
  let outcome = '';
  if (justSaved) outcome = t('studio.movies.saved');
  else if (unchanged) outcome = t('studio.movies.unchanged');

  const actionsOf = (movie: StudioMovie, index: number): MovieRowActions | undefined =>
    edits
      ? {
          onShown: (shown) => change(withMovieShown(fields, movie.id, shown)),
          onFeatured: () => change(withFeaturedMovie(fields, movie.id)),
          onPoster: (path) => change(withPoster(fields, movie.id, path)),
          onMove: (move: MovieMove) => moveTo(movie.id, movedIndex(index, move)),
        }
      : undefined;
  const rows = listed.map((movie, index) => {
    const props = {
      site,
      movie,
      index,
      count: listed.length,
      shown: !fields.excluded.includes(movie.id),
      featured: fields.featured === movie.id,
      poster: fields.posters[movie.id],
      featuredName,
      posterRefusal: fault?.part === 'poster' && fault.movieId === movie.id ? refusal : '',
      actions: actionsOf(movie, index),
    };
    return edits ? <SortableMovieRow key={movie.id} {...props} /> : <MovieRow key={movie.id} {...props} />;
  });
  const listRefusal = fault && fault.part !== 'featured' && !(fault.part === 'poster' && order.includes(fault.movieId)) ? refusal : '';
  const list = (
    <ol className={styles.list} aria-label={t('studio.movies.list', { site: site.name })} data-testid="studio-movies">
      {rows}
    </ol>
  );

  return (
    <form className={styles.editor} noValidate aria-label={t('studio.movies.form', { site: site.name })} onSubmit={submit}>
      {edits ? (
        <p className={styles.instructions}>{t('studio.movies.howToMove')}</p>
      ) : (
        <p className={styles.readOnly} data-testid="studio-movies-read-only">
          {t('studio.movies.readOnly')}
        </p>
      )}
      <FeaturedMovie
        edits={edits}
        featured={fields.featured === '' ? '' : titleOf(fields.featured)}
        name={featuredName}
        refusal={fault?.part === 'featured' ? refusal : ''}
        onNone={() => change(withFeaturedMovie(fields, ''))}
      />
      {listRefusal ? (
        <p className={styles.error} tabIndex={-1} ref={focusOnArrival}>
          {listRefusal}
        </p>
      ) : null}
      {edits ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: dragAnnouncements(t, order, titleOf),
            screenReaderInstructions: { draggable: t('studio.movies.drag.instructions') },
          }}
        >
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            {list}
          </SortableContext>
        </DndContext>
      ) : (
        list
      )}
      {/* A move by a button, said: the row moved, the focus with it, on the same button. */}
      <p role="status" className="visually-hidden" data-testid="studio-movies-moved">
        {moved}
      </p>
      {edits ? (
        <div className={styles.actions}>
          <DraftRecordActions
            edits={edits}
            saving={save.isPending}
            unsaved={unsaved}
            outcome={outcome}
            failure={failure}
            texts={{ save: t('studio.movies.save'), saving: t('studio.movies.saving'), unsaved: t('studio.movies.unsaved') }}
            testId="studio-movies"
          />
          <PublishDraftHint siteId={site.id} hint={t('studio.movies.publish.hint')} link={t('studio.movies.publish.link')} />
        </div>
      ) : null}
    </form>
  );
}

type FeaturedMovieProps = {
  edits: boolean;
  /** The featured movie's title; '' for none. */
  featured: string;
  /** The name of the radio buttons that feature a movie, each in its row, this one's "none" among them. */
  name: string;
  /** What a refusal of the featured movie says (given the focus), or ''. */
  refusal: string;
  onNone: () => void;
};

/**
 * The movie the home page's hero shows first: chosen in its row, or none, here (the hero
 * then starts with the first movie now showing). Read alone, which one it is.
 */
function FeaturedMovie({ edits, featured, name, refusal, onNone }: FeaturedMovieProps) {
  const t = useTranslate();
  const id = useId();
  return (
    <fieldset className={styles.featured} aria-describedby={refusal ? `${id}-refusal` : undefined}>
      <legend>{t('studio.movies.featured.legend')}</legend>
      <p className={styles.hint}>{t('studio.movies.featured.hint')}</p>
      {edits ? (
        <div className={choiceStyles.choice}>
          <input id={`${id}-none`} type="radio" name={name} value="" className={choiceStyles.box} checked={featured === ''} onChange={onNone} />
          <label htmlFor={`${id}-none`}>{t('studio.movies.featured.none')}</label>
        </div>
      ) : null}
      <p data-testid="studio-movies-featured">
        {featured === '' ? t('studio.movies.featured.currentNone') : t('studio.movies.featured.current', { movie: featured })}
      </p>
      {refusal ? (
        <p id={`${id}-refusal`} className={styles.error} tabIndex={-1} ref={focusOnArrival}>
          {refusal}
        </p>
      ) : null}
    </fieldset>
  );
}
