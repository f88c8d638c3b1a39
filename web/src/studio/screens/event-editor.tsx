import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslate } from '@/state/i18n';
import { StudioApiError, type EventRecord, type Grant, type StudioSite, type StudioTheater } from '../api';
import { DraftRecordActions } from '../components/draft-record-actions';
import { DraftRecordLayout, PublishDraftHint } from '../components/draft-record-layout';
import layout from '../components/draft-record-layout.module.css';
import { FormField } from '../components/form-field';
import { MediaPicker } from '../components/media-picker';
import { RemoveFromDraft } from '../components/remove-from-draft';
import { SelectField } from '../components/select-field';
import { TextAreaField } from '../components/text-area-field';
import { draftRecordFailureText } from '../draft-record-rules';
import {
  bookingUrlProblem,
  eventFieldAtFault,
  eventFields,
  eventIdProblem,
  eventImageProblem,
  eventMovieChoices,
  eventRecord,
  eventSlugProblem,
  eventTheaterChoices,
  localDateTimeProblem,
  type EventFieldName,
  type EventFields,
  type EventMovie,
} from '../event-rules';
import { eventTheaters, mayEditEventAt, mayEditEvents } from '../grants';
import { useAskBeforeUnload } from '../hooks/use-ask-before-unload';
import { useDraftEvents, useRemoveDraftEvent, useSaveDraftEvent } from '../hooks/use-draft-events';
import { useSavedToDraft, type SavedToDraftState } from '../hooks/use-saved-to-draft';
import { studioPaths } from '../paths';
import type { EventsScreenState } from './site-events-screen';
import styles from './event-editor.module.css';

type EventEditorProps = {
  site: StudioSite;
  /** The event as the draft has it; undefined for a new event. */
  event: EventRecord | undefined;
  /** The event's id, its screen's (a saved event's); '' for a new event, whose id is typed. */
  eventId: string;
  /** The site's theaters and movies as published, which the form chooses from. */
  theaters: readonly StudioTheater[];
  movies: readonly EventMovie[];
  /** The grants the staff member holds: who changes the event, at which theaters (grants.ts). */
  grants: readonly Grant[];
};

/**
 * An event of the site as a form whose fields are the API's: its id (typed for a new
 * event, fixed for one saved), title, slug and description; its theater (a theater
 * manager's own alone), its movie, and when it starts and leaves the site, on the
 * theater's clock; its picture (typed, or chosen from the site's media library) and its
 * booking link. Saving sends the event whole (PUT); a refusal lands on the field it names.
 * Beside the form: the way to publish the draft, and its removal (after a confirmation).
 * For a role that does not change it (a viewer, member support, the manager of another
 * theater), the same, read-only.
 */
export function EventEditor({ site, event, eventId, theaters, movies, grants }: EventEditorProps) {
  const t = useTranslate();
  const navigate = useNavigate();
  const isNew = event === undefined;
  // A saved event is changed by who may at its theater as saved; a new one by who adds events.
  const edits = isNew ? mayEditEvents(grants, site.id) : mayEditEventAt(grants, site.id, event.theaterId ?? '');
  const allowed = edits ? eventTheaters(grants, site.id) : 'every';
  const theaterChoices = eventTheaterChoices(theaters, allowed, event?.theaterId ?? '');
  const movieChoices = eventMovieChoices(movies, event?.movieId ?? '');
  const save = useSaveDraftEvent(site.id);
  const removal = useRemoveDraftEvent(site.id);
  // The events there are, for a new event's id (one taken would be replaced, whole): a new
  // event is not saved before they are known.
  const events = useDraftEvents(site.id, isNew && edits);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    reset,
    formState: { errors, isDirty },
  } = useForm<EventFields>({
    // A new event at the one theater offered is at that theater.
    defaultValues: eventFields(event ? { ...event, id: eventId } : undefined, theaterChoices.length === 1 ? theaterChoices[0]?.id : ''),
  });

  const justSaved = useSavedToDraft(save);
  const unsaved = edits && isDirty;
  useAskBeforeUnload(unsaved);

  /** The field of the form a refusal names, where the form shows it (a saved event's id is not a field). */
  const refusedField = (error: unknown): EventFieldName | undefined => {
    if (!(error instanceof StudioApiError) || (error.status !== 400 && error.status !== 422)) return undefined;
    const field = eventFieldAtFault(error.field);
    return field === 'id' && !isNew ? undefined : field;
  };

  /** Saves the event, the form's fields being valid (handleSubmit, called as the form is submitted). */
  const saveFields = (fields: EventFields) => {
    if (save.isPending) return;
    save.reset();
    save.mutate(eventRecord(fields), {
      onSuccess: (saved, sent) => {
        if (isNew) {
          const state: SavedToDraftState = { saved: true };
          void navigate(studioPaths.siteEvent.build(site.id, sent.id), { replace: true, state });
        } else {
          reset(eventFields({ ...saved, id: sent.id }));
        }
      },
      onError: (failure) => {
        const field = refusedField(failure);
        if (field) setError(field, { type: 'server', message: failure.message }, { shouldFocus: true });
      },
    });
  };

  const remove = () => {
    if (isNew || removal.isPending) return;
    removal.mutate(eventId, {
      onSuccess: () => {
        const state: EventsScreenState = { removed: event.title || eventId };
        void navigate(studioPaths.siteEvents.build(site.id), { state });
      },
    });
  };

  let failure = '';
  if (save.isError && !refusedField(save.error)) failure = draftRecordFailureText(t, save.error, 'studio.event', site.name);
  else if (removal.isError) failure = draftRecordFailureText(t, removal.error, 'studio.event.remove', site.name);
  const title = event?.title || eventId;
  return (
    <DraftRecordLayout
      label={isNew ? t('studio.event.new.form') : t('studio.event.form', { event: title })}
      onSubmit={(submitted) => {
        // A new event's id is checked against the site's events: where they could not be loaded, asked for again.
        if (isNew && events.isError && !events.isFetching) void events.refetch();
        void handleSubmit(saveFields)(submitted);
      }}
      aside={
        <>
          <PublishDraftHint siteId={site.id} hint={t('studio.event.publish.hint')} link={t('studio.event.publish.link')} />
          {edits && !isNew ? (
            <RemoveFromDraft
              removing={removal.isPending}
              onRemove={remove}
              texts={{
                remove: t('studio.event.remove'),
                removing: t('studio.event.removing'),
                title: t('studio.event.remove.title', { event: title }),
                text: t('studio.event.remove.text'),
                confirm: t('studio.event.remove.confirm'),
                cancel: t('studio.event.remove.cancel'),
              }}
            />
          ) : null}
        </>
      }
    >
      {edits ? null : (
        <p className={styles.readOnly} data-testid="studio-event-read-only">
          {t(mayEditEvents(grants, site.id) ? 'studio.event.readOnly.otherTheater' : 'studio.event.readOnly')}
        </p>
      )}
      <fieldset className={layout.fields} disabled={!edits}>
        {isNew ? (
          <FormField
            label={t('studio.event.id')}
            hint={t('studio.event.id.hint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.id?.message}
            {...register('id', {
              validate: (value) => {
                const problem = eventIdProblem(value);
                if (problem) return t(`studio.event.id.${problem}`);
                // Until the site's events are known, an id may be one of theirs: not saved, said why.
                if (!events.data) return t(events.isError ? 'studio.event.id.unchecked' : 'studio.event.id.checking');
                const taken = events.data.some((known) => known.id === value.trim() && known.state !== 'removed');
                return taken ? t('studio.event.id.taken', { id: value.trim() }) : true;
              },
            })}
          />
        ) : (
          <p className={styles.id} data-testid="studio-event-id">
            {t('studio.event.address', { id: eventId })}
          </p>
        )}
        <FormField
          label={t('studio.event.titleField')}
          hint={t('studio.event.titleField.hint')}
          autoComplete="off"
          required
          error={errors.title?.message}
          {...register('title', { validate: (value) => (value.trim() === '' ? t('studio.event.titleField.missing') : true) })}
        />
        <FormField
          label={t('studio.event.slug')}
          hint={t('studio.event.slug.hint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.slug?.message}
          {...register('slug', { validate: (value) => (eventSlugProblem(value) ? t('studio.event.slug.invalid') : true) })}
        />
        <TextAreaField
          label={t('studio.event.description')}
          hint={t('studio.event.description.hint')}
          rows={5}
          error={errors.description?.message}
          {...register('description')}
        />
      </fieldset>
      <fieldset className={layout.part} disabled={!edits}>
        <legend>{t('studio.event.when')}</legend>
        <SelectField
          label={t('studio.event.theater')}
          hint={t(edits && allowed !== 'every' ? 'studio.event.theater.hint.managed' : 'studio.event.theater.hint')}
          required
          error={errors.theaterId?.message}
          {...register('theaterId', { validate: (value) => (value === '' ? t('studio.event.theater.missing') : true) })}
        >
          <option value="">{t('studio.event.theater.choose')}</option>
          {theaterChoices.map((theater) => (
            <option key={theater.id} value={theater.id}>
              {theater.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('studio.event.movie')} hint={t('studio.event.movie.hint')} error={errors.movieId?.message} {...register('movieId')}>
          <option value="">{t('studio.event.movie.none')}</option>
          {movieChoices.map((movie) => (
            <option key={movie.id} value={movie.id}>
              {movie.title}
            </option>
          ))}
        </SelectField>
        <FormField
          type="datetime-local"
          label={t('studio.event.startsAt')}
          hint={t('studio.event.startsAt.hint')}
          required
          error={errors.startsAt?.message}
          {...register('startsAt', {
            validate: (value) => {
              const problem = localDateTimeProblem(value);
              return problem ? t(`studio.event.startsAt.${problem}`) : true;
            },
          })}
        />
        <FormField
          type="datetime-local"
          label={t('studio.event.unpublishAt')}
          hint={t('studio.event.unpublishAt.hint')}
          error={errors.unpublishAt?.message}
          {...register('unpublishAt', {
            validate: (value) => (value === '' || !localDateTimeProblem(value) ? true : t('studio.event.unpublishAt.invalid')),
          })}
        />
      </fieldset>
      <fieldset className={layout.part} disabled={!edits}>
        <legend>{t('studio.event.pictureAndBooking')}</legend>
        <FormField
          label={t('studio.event.image')}
          hint={t('studio.event.image.hint')}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          error={errors.image?.message}
          {...register('image', {
            validate: (value) => {
              const problem = eventImageProblem(value);
              return problem ? t(`studio.event.image.${problem}`) : true;
            },
          })}
        />
        {edits ? (
          <MediaPicker
            siteId={site.id}
            purpose={t('studio.event.image.purpose')}
            onPick={(item) => {
              setValue('image', item.path, { shouldDirty: true, shouldValidate: errors.image !== undefined });
              setFocus('image');
            }}
          />
        ) : null}
        <FormField
          type="url"
          label={t('studio.event.bookingUrl')}
          hint={t('studio.event.bookingUrl.hint')}
          autoComplete="off"
          spellCheck={false}
          error={errors.bookingUrl?.message}
          {...register('bookingUrl', { validate: (value) => (bookingUrlProblem(value) ? t('studio.event.bookingUrl.unsafe') : true) })}
        />
      </fieldset>
      <DraftRecordActions
        edits={edits}
        saving={save.isPending}
        unsaved={unsaved}
        outcome={justSaved ? t('studio.event.saved') : ''}
        failure={failure}
        texts={{ save: t('studio.event.save'), saving: t('studio.event.saving'), unsaved: t('studio.event.unsaved') }}
        testId="studio-event"
      />
    </DraftRecordLayout>
  );
}
