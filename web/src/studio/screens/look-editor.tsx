import { useId, useMemo, useState, type ComponentProps } from 'react';
import { useForm, useWatch, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { THEME_FONTS, THEME_FONT_WEIGHTS } from '@/features/site/utils/font-files';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import {
  BRAND_COLOURS,
  PALETTE_COLOURS,
  ROUNDNESS_LEVELS,
  StudioApiError,
  type BrandColour,
  type FontTarget,
  type PaletteColour,
  type SiteDocument,
  type StudioSite,
} from '../api';
import { ColourField } from '../components/colour-field';
import { FormField } from '../components/form-field';
import { SelectField } from '../components/select-field';
import { useSaveDraftSite } from '../hooks/use-site-draft';
import { FONT_TARGETS, isThemeColour, lookFieldAtFault, lookFields, lookPatch, type LookFieldName, type LookFields } from '../look-rules';
import { previewLook } from '../preview-messages';
import { LookPreview } from './look-preview';
import styles from './look-editor.module.css';

/** What is said of a save that failed, but of a field of the form. */
function saveFailureText(t: Translate, error: unknown, site: StudioSite): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('studio.look.forbidden', { site: site.name });
    if (error.status === 503) return t('studio.look.unavailable');
    if (error.status < 500) return t('studio.look.refused', { message: error.message });
  }
  return t('studio.look.failed');
}

/** The field of the form a refusal (400) names, if the form has it. */
function refusedField(error: unknown): LookFieldName | undefined {
  return error instanceof StudioApiError && error.status === 400 ? lookFieldAtFault(error.field) : undefined;
}

type LookEditorProps = {
  site: StudioSite;
  /** The site's document as the draft has it. */
  document: SiteDocument;
  /** Whether the staff member changes the look (mayEditLook); otherwise they read it. */
  edits: boolean;
};

/**
 * The site's look and settings as a form whose fields are its document's (look-rules.ts),
 * with the site beside it (below it on a phone) showing each edit as it is made, before
 * anything is saved (LookPreview). Saving sends the fields changed alone; a refusal of a
 * field lands on it. For a role that does not edit the look, the same fields, read-only,
 * and no button.
 */
export function LookEditor({ site, document, edits }: LookEditorProps) {
  const t = useTranslate();
  const save = useSaveDraftSite(site.id);
  // What the form started from; a document saved, or changed by someone else, fills the
  // fields left untouched again (`values`), keeping those being edited.
  const baseline = useMemo(() => lookFields(document), [document]);
  const [unchanged, setUnchanged] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    control,
    getFieldState,
    formState,
  } = useForm<LookFields>({ values: baseline, resetOptions: { keepDirtyValues: true } });
  const look = useWatch({ control, compute: previewLook });
  const error = (name: LookFieldName) => getFieldState(name, formState).error?.message;

  const submit = handleSubmit((fields) => {
    if (save.isPending) return;
    const patch = lookPatch(baseline, fields);
    save.reset();
    setUnchanged(Object.keys(patch).length === 0);
    if (Object.keys(patch).length === 0) return;
    save.mutate(patch, {
      // The document as the draft now has it is what the form starts from again.
      onSuccess: (saved) => reset(lookFields(saved)),
      onError: (failure) => {
        const field = refusedField(failure);
        if (field) setError(field, { type: 'server', message: failure.message }, { shouldFocus: true });
      },
    });
  });

  let outcome = '';
  if (save.isSuccess) outcome = t('studio.look.saved');
  else if (unchanged) outcome = t('studio.look.unchanged');
  const failure = save.isError && !refusedField(save.error) ? saveFailureText(t, save.error, site) : '';
  return (
    <div className={styles.editor}>
      <form
        className={styles.form}
        noValidate
        aria-label={t('studio.look.form', { site: site.name })}
        onSubmit={(event) => void submit(event)}
      >
        {edits ? null : (
          <p className={styles.readOnly} data-testid="studio-look-read-only">
            {t('studio.look.readOnly')}
          </p>
        )}
        {/* A role that does not edit the look reads every field, none of which it can change. */}
        <fieldset className={styles.fields} disabled={!edits}>
          <fieldset className={styles.part}>
            <legend>{t('studio.look.general')}</legend>
            <FormField
              label={t('studio.look.name')}
              hint={t('studio.look.name.hint')}
              autoComplete="off"
              error={error('name')}
              {...register('name')}
            />
            <FormField
              label={t('studio.look.locale')}
              hint={t('studio.look.locale.hint')}
              autoComplete="off"
              spellCheck={false}
              error={error('config.locale')}
              {...register('config.locale')}
            />
          </fieldset>
          <fieldset className={styles.part}>
            <legend>{t('studio.look.palette')}</legend>
            <p className={styles.hint}>{t('studio.look.palette.hint')}</p>
            <div className={styles.colours}>
              {PALETTE_COLOURS.map((key) => (
                <LookColourField
                  key={key}
                  name={`config.theme.palette.${key}`}
                  label={t(`studio.look.palette.${key}`)}
                  error={error(`config.theme.palette.${key}`)}
                  control={control}
                  register={register}
                  setValue={setValue}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.part}>
            <legend>{t('studio.look.colors')}</legend>
            <p className={styles.hint}>{t('studio.look.colors.hint')}</p>
            <div className={styles.colours}>
              {BRAND_COLOURS.map((key, index) => (
                <LookColourField
                  key={key}
                  name={`config.theme.colors.${key}`}
                  label={t('studio.look.colors.brand', { number: index + 1 })}
                  error={error(`config.theme.colors.${key}`)}
                  control={control}
                  register={register}
                  setValue={setValue}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.part}>
            <legend>{t('studio.look.fonts')}</legend>
            <p className={styles.hint}>{t('studio.look.fonts.hint')}</p>
            {FONT_TARGETS.map((target) => (
              <FontFields
                key={target}
                target={target}
                current={baseline.config.theme.fonts[target]}
                nameError={error(`config.theme.fonts.${target}`)}
                weightsError={error(`config.theme.fonts.fontWeights.${target}.weights`)}
                register={register}
              />
            ))}
          </fieldset>
          <fieldset className={styles.part}>
            <legend>{t('studio.look.roundness')}</legend>
            {(['buttons', 'content'] as const).map((part) => (
              <SelectField
                key={part}
                label={t(`studio.look.roundness.${part}`)}
                error={error(`config.roundness.${part}`)}
                {...register(`config.roundness.${part}`)}
              >
                {ROUNDNESS_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t(`studio.look.roundness.${level}`)}
                  </option>
                ))}
              </SelectField>
            ))}
          </fieldset>
          <fieldset className={styles.part}>
            <legend>{t('studio.look.header')}</legend>
            <CheckboxField label={t('studio.look.hasSearch')} error={error('settings.hasSearch')} {...register('settings.hasSearch')} />
          </fieldset>
        </fieldset>
        {edits ? (
          <div className={styles.actions}>
            <button type="submit" className="button" aria-disabled={save.isPending || undefined}>
              {t(save.isPending ? 'studio.look.saving' : 'studio.look.save')}
            </button>
            {/* In the page from the start, so that what they come to say is announced. */}
            <p role="status" className={styles.outcome} data-testid="studio-look-outcome">
              {outcome}
            </p>
            <p role="alert" className={styles.outcome}>
              {failure}
            </p>
          </div>
        ) : null}
      </form>
      <LookPreview site={site} look={look} />
    </div>
  );
}

/** A colour field of the form: one of the palette's, or a brand colour. */
type ColourFieldName = `config.theme.palette.${PaletteColour}` | `config.theme.colors.${BrandColour}`;

type LookColourFieldProps = {
  name: ColourFieldName;
  label: string;
  error: string | undefined;
  control: Control<LookFields>;
  register: UseFormRegister<LookFields>;
  setValue: UseFormSetValue<LookFields>;
};

/** A colour of the theme: typed as `#RRGGBB`, or picked; empty for the platform's default. */
function LookColourField({ name, label, error, control, register, setValue }: LookColourFieldProps) {
  const t = useTranslate();
  const colour = useWatch({ control, name });
  return (
    <ColourField
      label={label}
      error={error}
      colour={colour}
      pickerLabel={t('studio.look.colour.pick', { name: label })}
      onPick={(picked) => setValue(name, picked, { shouldDirty: true, shouldValidate: true })}
      placeholder="#RRGGBB"
      maxLength={7}
      {...register(name, { validate: (value) => (value.trim() === '' || isThemeColour(value) ? true : t('studio.look.colour.invalid')) })}
    />
  );
}

type FontFieldsProps = {
  target: FontTarget;
  /** The font the document names, offered even where it is not among the families the site loads. */
  current: string;
  nameError: string | undefined;
  weightsError: string | undefined;
  register: UseFormRegister<LookFields>;
};

/** A font of the theme (the body's, the headings'): its family, and the weights the site loads of it. */
function FontFields({ target, current, nameError, weightsError, register }: FontFieldsProps) {
  const t = useTranslate();
  const weightsId = useId();
  const families: readonly string[] = THEME_FONTS;
  const offered = current && !families.includes(current) ? [current, ...families] : families;
  return (
    <div className={styles.font}>
      <SelectField label={t(`studio.look.font.${target}`)} error={nameError} {...register(`config.theme.fonts.${target}`)}>
        <option value="">{t('studio.look.font.default')}</option>
        {offered.map((family) => (
          <option key={family} value={family}>
            {family}
          </option>
        ))}
      </SelectField>
      <fieldset className={styles.weights} aria-describedby={weightsError ? `${weightsId}-error` : undefined}>
        <legend>{t(`studio.look.font.weights.${target}`)}</legend>
        <div className={styles.weightOptions}>
          {THEME_FONT_WEIGHTS.map((weight) => (
            <div key={weight} className={styles.checkbox}>
              <input
                id={`${weightsId}-${weight}`}
                type="checkbox"
                className={styles.box}
                value={weight}
                {...register(`config.theme.fonts.fontWeights.${target}.weights`)}
              />
              <label htmlFor={`${weightsId}-${weight}`}>
                {weight.endsWith('i') ? t('studio.look.font.weight.italic', { weight: weight.slice(0, -1) }) : weight}
              </label>
            </div>
          ))}
        </div>
        {weightsError ? (
          <p id={`${weightsId}-error`} className={styles.error}>
            {weightsError}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & { label: string; error: string | undefined };

/** A box to tick with its label, and the error a refusal of it gives, linked to it. */
function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={styles.single}>
      <input
        id={id}
        type="checkbox"
        className={styles.box}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
