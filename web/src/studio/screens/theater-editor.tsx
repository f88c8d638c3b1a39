import { useId, useRef } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslate } from '@/state/i18n';
import type { Grant, StudioSite, TheaterDetails } from '../api';
import { DraftRecordActions } from '../components/draft-record-actions';
import { DraftRecordLayout, PublishDraftHint } from '../components/draft-record-layout';
import layout from '../components/draft-record-layout.module.css';
import { FormField } from '../components/form-field';
import fieldStyles from '../components/form-field.module.css';
import { TextAreaField } from '../components/text-area-field';
import { draftRecordFailureText } from '../draft-record-rules';
import { mayEditTheater, mayEditTheaters } from '../grants';
import { useAskBeforeUnload } from '../hooks/use-ask-before-unload';
import { useSaveDraftTheater } from '../hooks/use-draft-theaters';
import { useSavedToDraft } from '../hooks/use-saved-to-draft';
import {
  MAX_OPENING_HOURS,
  clockTimeProblem,
  closesNextDay,
  invalidFieldNames,
  namesADay,
  openingHoursLine,
  parkingChars,
  parkingProblem,
  positionProblem,
  refusedTheaterField,
  theaterDetailsBody,
  theaterEmailProblem,
  theaterFields,
  timeZoneProblem,
  type TheaterFields,
} from '../theater-rules';
import { WEEK_DAYS, weekDayName } from '@/rules/week-days';
import { TheaterDetailsView } from './theater-editor-read-only';
import styles from './theater-editor.module.css';

type TheaterEditorProps = {
  site: StudioSite;
  /** The theater's id, its screen's. */
  theaterId: string;
  /** The theater as the draft describes it, answered since its screen opened. */
  theater: TheaterDetails;
  /** The grants the staff member holds: who changes the theater's details (grants.ts). */
  grants: readonly Grant[];
};

/**
 * A theater of the site: its name and id, the point of sale's, and its descriptive fields,
 * in a form whose fields are the API's, for those who change them (its administrators and
 * the operators, and the theater's managers); for anyone else, the same as text to read,
 * without a control.
 */
export function TheaterEditor({ site, theaterId, theater, grants }: TheaterEditorProps) {
  const t = useTranslate();
  const name = theater.name?.trim() || theaterId;
  const pointOfSale = (
    <p className={styles.pointOfSale} data-testid="studio-theater-point-of-sale">
      {t('studio.theater.pointOfSale', { theater: name, id: theaterId })}
    </p>
  );
  if (!mayEditTheater(grants, site.id, theaterId)) {
    return (
      <>
        {pointOfSale}
        <p className={styles.readOnly} data-testid="studio-theater-read-only">
          {t(mayEditTheaters(grants, site.id) ? 'studio.theater.readOnly.otherTheater' : 'studio.theater.readOnly')}
        </p>
        <TheaterDetailsView label={t('studio.theater.details', { theater: name })} theater={theater} />
      </>
    );
  }
  return (
    <>
      {pointOfSale}
      <TheaterForm site={site} theaterId={theaterId} name={name} theater={theater} />
    </>
  );
}

/**
 * The theater's descriptive fields in a form: its address, its contact, its description;
 * "Plan your visit", its opening hours (lines of days and two times) and its parking; its
 * accessibility notes and amenities (one a line); its time zone and map position. Checked
 * before anything is sent; saving sends them whole (PUT); a refusal lands on the field it
 * names, which takes the focus.
 */
function TheaterForm({ site, theaterId, name, theater }: { site: StudioSite; theaterId: string; name: string; theater: TheaterDetails }) {
  const t = useTranslate();
  const save = useSaveDraftTheater(site.id, theaterId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<TheaterFields>({
    defaultValues: theaterFields(theater),
    // The first field found wrong in the page's order takes the focus (focusFirstInvalid).
    shouldFocusError: false,
  });
  const hours = useFieldArray({ control, name: 'openingHours' });
  const addLine = useRef<HTMLButtonElement>(null);
  const hoursId = useId();

  const justSaved = useSavedToDraft(save);
  useAskBeforeUnload(isDirty);

  /** Saves the fields, valid (handleSubmit, called as the form is submitted). */
  const saveFields = (fields: TheaterFields) => {
    if (save.isPending) return;
    save.reset();
    save.mutate(theaterDetailsBody(fields), {
      onSuccess: (saved) => reset(theaterFields(saved)),
      onError: (failure) => {
        const field = refusedTheaterField(failure, fields.openingHours.length);
        if (field) setError(field, { type: 'server', message: failure.message }, { shouldFocus: true });
      },
    });
  };

  // A refusal the form shows on a field is said there alone; the lines it names are those sent.
  const sentLines = save.variables?.openingHours?.length ?? 0;
  const failure = save.isError && !refusedTheaterField(save.error, sentLines) ? draftRecordFailureText(t, save.error, 'studio.theater', site.name) : '';
  const full = hours.fields.length >= MAX_OPENING_HOURS;
  return (
    <DraftRecordLayout
      label={t('studio.theater.form', { theater: name })}
      onSubmit={(submitted) => {
        const form = submitted.currentTarget;
        void handleSubmit(saveFields, (invalid) => focusFirstInvalid(form, invalidFieldNames(invalid)))(submitted);
      }}
      aside={<PublishDraftHint siteId={site.id} hint={t('studio.theater.publish.hint')} link={t('studio.theater.publish.link')} />}
    >
      <fieldset className={layout.part}>
        <legend>{t('studio.theater.address')}</legend>
        <FormField label={t('studio.theater.address.street')} autoComplete="off" error={errors.address?.street?.message} {...register('address.street')} />
        <div className={styles.columns}>
          <FormField label={t('studio.theater.address.city')} autoComplete="off" error={errors.address?.city?.message} {...register('address.city')} />
          <FormField label={t('studio.theater.address.state')} autoComplete="off" error={errors.address?.state?.message} {...register('address.state')} />
          <FormField
            label={t('studio.theater.address.zipCode')}
            autoComplete="off"
            error={errors.address?.zipCode?.message}
            {...register('address.zipCode')}
          />
          <FormField
            label={t('studio.theater.address.country')}
            hint={t('studio.theater.address.country.hint')}
            autoComplete="off"
            error={errors.address?.country?.message}
            {...register('address.country')}
          />
        </div>
      </fieldset>
      <fieldset className={layout.part}>
        <legend>{t('studio.theater.contact')}</legend>
        <FormField type="tel" label={t('studio.theater.phone')} autoComplete="off" error={errors.phone?.message} {...register('phone')} />
        <FormField
          type="email"
          label={t('studio.theater.email')}
          autoComplete="off"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email', { validate: (value) => (theaterEmailProblem(value) ? t('studio.theater.email.invalid') : true) })}
        />
      </fieldset>
      <fieldset className={layout.part}>
        <legend>{t('studio.theater.about')}</legend>
        <TextAreaField
          label={t('studio.theater.description')}
          hint={t('studio.theater.description.hint')}
          rows={5}
          error={errors.description?.message}
          {...register('description')}
        />
      </fieldset>
      <fieldset className={layout.part}>
        <legend>{t('studio.theater.visit')}</legend>
        <p className={fieldStyles.hint}>{t('studio.theater.visit.hint')}</p>
        <fieldset className={styles.hours} aria-describedby={`${hoursId}-hint`}>
          <legend>{t('studio.theater.hours')}</legend>
          <p id={`${hoursId}-hint`} className={fieldStyles.hint}>
            {t('studio.theater.hours.hint')}
          </p>
          {hours.fields.length === 0 ? <p data-testid="studio-theater-hours-none">{t('studio.theater.hours.none')}</p> : null}
          {hours.fields.map((line, index) => (
            <OpeningHoursLineFields
              key={line.id}
              index={index}
              control={control}
              register={register}
              errors={errors}
              onRemove={() => {
                hours.remove(index);
                addLine.current?.focus();
              }}
            />
          ))}
          <div className={styles.addLine}>
            <button
              ref={addLine}
              type="button"
              className="button button-secondary"
              aria-disabled={full || undefined}
              aria-describedby={full ? `${hoursId}-full` : undefined}
              onClick={() => {
                if (full) return;
                hours.append(openingHoursLine(), { focusName: `openingHours.${hours.fields.length}.days.${WEEK_DAYS[0]}` });
              }}
            >
              {t('studio.theater.hours.add')}
            </button>
            {full ? (
              <p id={`${hoursId}-full`} className={fieldStyles.hint}>
                {t('studio.theater.hours.full', { max: MAX_OPENING_HOURS })}
              </p>
            ) : null}
          </div>
        </fieldset>
        <TextAreaField
          label={t('studio.theater.parking')}
          hint={t('studio.theater.parking.hint')}
          rows={4}
          error={errors.parking?.message}
          {...register('parking', {
            validate: (value) => (parkingProblem(value) ? t('studio.theater.parking.tooLong', { count: new Intl.NumberFormat(t.locale).format(parkingChars(value)) }) : true),
          })}
        />
      </fieldset>
      <fieldset className={layout.part}>
        <legend>{t('studio.theater.notes')}</legend>
        <TextAreaField
          label={t('studio.theater.accessibility')}
          hint={t('studio.theater.accessibility.hint')}
          rows={5}
          error={errors.accessibility?.message}
          {...register('accessibility')}
        />
        <TextAreaField
          label={t('studio.theater.amenities')}
          hint={t('studio.theater.amenities.hint')}
          rows={5}
          error={errors.amenities?.message}
          {...register('amenities')}
        />
      </fieldset>
      <fieldset className={layout.part}>
        <legend>{t('studio.theater.place')}</legend>
        <FormField
          label={t('studio.theater.timeZone')}
          hint={t('studio.theater.timeZone.hint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.timeZone?.message}
          {...register('timeZone', { validate: (value) => (timeZoneProblem(value) ? t('studio.theater.timeZone.invalid') : true) })}
        />
        <p className={fieldStyles.hint}>{t('studio.theater.position.hint')}</p>
        <div className={styles.columns}>
          <FormField
            label={t('studio.theater.latitude')}
            hint={t('studio.theater.latitude.hint')}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            error={errors.latitude?.message}
            {...register('latitude', {
              deps: ['longitude'],
              validate: (value, fields) => {
                const problem = positionProblem(value, fields.longitude, 'latitude');
                return problem ? t(`studio.theater.latitude.${problem}`) : true;
              },
            })}
          />
          <FormField
            label={t('studio.theater.longitude')}
            hint={t('studio.theater.longitude.hint')}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            error={errors.longitude?.message}
            {...register('longitude', {
              deps: ['latitude'],
              validate: (value, fields) => {
                const problem = positionProblem(value, fields.latitude, 'longitude');
                return problem ? t(`studio.theater.longitude.${problem}`) : true;
              },
            })}
          />
        </div>
      </fieldset>
      <DraftRecordActions
        edits
        saving={save.isPending}
        unsaved={isDirty}
        outcome={justSaved ? t('studio.theater.saved') : ''}
        failure={failure}
        texts={{ save: t('studio.theater.save'), saving: t('studio.theater.saving'), unsaved: t('studio.theater.unsaved') }}
        testId="studio-theater"
      />
    </DraftRecordLayout>
  );
}

/** Gives the focus to the first control of `form`, in the page's order, that is one of the fields `names`. */
function focusFirstInvalid(form: HTMLFormElement, names: readonly string[]) {
  const invalid = new Set(names);
  const first = Array.from(form.elements).find((element) => invalid.has(element.getAttribute('name') ?? ''));
  if (first instanceof HTMLElement) first.focus();
}

type OpeningHoursLineProps = {
  /** The line's place among the form's, from 0. */
  index: number;
  control: Control<TheaterFields>;
  register: UseFormRegister<TheaterFields>;
  errors: FieldErrors<TheaterFields>;
  onRemove: () => void;
};

/**
 * A line of opening hours: a checkbox a day (its short name shown, its whole name read),
 * when the theater opens and closes on them, whether that is past midnight, and its
 * removal. A line names a day at least: checked at its first day's, where a refusal of its
 * days is said too.
 */
function OpeningHoursLineFields({ index, control, register, errors, onRemove }: OpeningHoursLineProps) {
  const t = useTranslate();
  const [opens, closes] = useWatch({ control, name: [`openingHours.${index}.opens`, `openingHours.${index}.closes`] });
  const lineErrors = errors.openingHours?.[index];
  const daysError = lineErrors?.days?.Monday?.message;
  const daysErrorId = `${useId()}-days-error`;
  const timeRules = {
    validate: (value: string) => {
      const problem = clockTimeProblem(value);
      return problem ? t(`studio.theater.hours.time.${problem}`) : true;
    },
  };
  const line = index + 1;
  return (
    <fieldset className={styles.line} data-testid="studio-theater-hours-line">
      <legend>{t('studio.theater.hours.line', { line })}</legend>
      <fieldset className={styles.days}>
        <legend>{t('studio.theater.hours.days')}</legend>
        <div className={styles.dayChoices}>
          {WEEK_DAYS.map((day) => (
            <label key={day} className={styles.day}>
              <input
                type="checkbox"
                className={styles.checkbox}
                aria-invalid={daysError ? true : undefined}
                aria-describedby={daysError ? daysErrorId : undefined}
                {...register(
                  `openingHours.${index}.days.${day}`,
                  day === WEEK_DAYS[0]
                    ? { validate: (_checked, fields) => (namesADay(fields.openingHours[index]) ? true : t('studio.theater.hours.days.missing')) }
                    : { deps: [`openingHours.${index}.days.${WEEK_DAYS[0]}`] },
                )}
              />
              <span aria-hidden="true">{weekDayName(t.locale, day, 'short')}</span>
              <span className="visually-hidden">{weekDayName(t.locale, day)}</span>
            </label>
          ))}
        </div>
        {daysError ? (
          <p id={daysErrorId} className={fieldStyles.error}>
            {daysError}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.times}>
        <FormField
          type="time"
          label={t('studio.theater.hours.opens')}
          error={lineErrors?.opens?.message}
          {...register(`openingHours.${index}.opens`, timeRules)}
        />
        <FormField
          type="time"
          label={t('studio.theater.hours.closes')}
          error={lineErrors?.closes?.message}
          {...register(`openingHours.${index}.closes`, timeRules)}
        />
      </div>
      {closesNextDay(opens, closes) ? <p className={fieldStyles.hint}>{t('studio.theater.hours.nextDay')}</p> : null}
      <p>
        <button type="button" className="button button-secondary" aria-label={t('studio.theater.hours.remove.name', { line })} onClick={onRemove}>
          {t('studio.theater.hours.remove')}
        </button>
      </p>
    </fieldset>
  );
}
