import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ConfirmDialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import { POINT_OF_SALE_PROVIDERS, type Grant, type PointOfSaleSetting, type PointOfSaleState, type StudioSite } from '../api';
import actionStyles from '../components/draft-record-actions.module.css';
import layout from '../components/draft-record-layout.module.css';
import { FormField } from '../components/form-field';
import fieldStyles from '../components/form-field.module.css';
import { SelectField } from '../components/select-field';
import { ServiceProblem } from '../components/service-problem';
import { draftRecordFailureText } from '../draft-record-rules';
import { maySetPointOfSale } from '../grants';
import { useAskBeforeUnload } from '../hooks/use-ask-before-unload';
import { usePointOfSale, useSetPointOfSale } from '../hooks/use-point-of-sale';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import {
  UNLINKED,
  attributeCodeChoices,
  attributeCodeName,
  attributeCodeProblem,
  attributeRow,
  pointOfSaleFields,
  pointOfSaleSetting,
  providerName,
  refusedPointOfSaleField,
  shortNameProblem,
  tokenProblem,
  tokenSource,
  type PointOfSaleFields,
} from '../point-of-sale-rules';
import { PointOfSaleAttributesView, PointOfSaleHealthView } from './point-of-sale-health';
import styles from './point-of-sale-section.module.css';

type PointOfSaleSectionProps = {
  site: StudioSite;
  theaterId: string;
  /** The theater's name, the point of sale's (its id where it has none). */
  theater: string;
  /** The grants the staff member holds: who changes the theater's point of sale (grants.ts). */
  grants: readonly Grant[];
};

/**
 * A theater's point of sale, below its descriptive fields and apart from them: it does not
 * go through the draft, a change takes effect at once. Its health for every role of the
 * site, asked for again every 30 seconds while the screen is open (use-point-of-sale.ts);
 * its link in a form for those who change it (its administrators and the operators, and
 * the theater's managers), as text for anyone else.
 */
export function PointOfSaleSection({ site, theaterId, theater, grants }: PointOfSaleSectionProps) {
  const t = useTranslate();
  const titleId = useId();
  const pointOfSale = usePointOfSale(site.id, theaterId);
  useForgetSessionIfEnded(pointOfSale.error);
  const sets = maySetPointOfSale(grants, site.id, theaterId);
  const state = pointOfSale.data;
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="studio-point-of-sale">
      <h2 id={titleId} className={styles.title}>
        {t('studio.pointOfSale.title')}
      </h2>
      <p className={styles.intro}>{t('studio.pointOfSale.intro', { theater })}</p>
      {isNotFound(pointOfSale.error) ? (
        <p className={styles.notice} data-testid="studio-point-of-sale-not-found">
          {t('studio.pointOfSale.notFound', { site: site.name, theater: theaterId })}
        </p>
      ) : state ? (
        <>
          <PointOfSaleHealthView state={state} />
          {sets ? (
            <PointOfSaleForm site={site} theaterId={theaterId} theater={theater} state={state} />
          ) : (
            <>
              <p className={styles.readOnly} data-testid="studio-point-of-sale-read-only">
                {t('studio.pointOfSale.readOnly')}
              </p>
              <PointOfSaleAttributesView state={state} theater={theater} />
            </>
          )}
        </>
      ) : pointOfSale.isError ? (
        <ServiceProblem level={2} error={pointOfSale.error} retrying={pointOfSale.isFetching} onRetry={() => void pointOfSale.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}

type PointOfSaleFormProps = {
  site: StudioSite;
  theaterId: string;
  theater: string;
  /** The point of sale as last answered (every 30 seconds, and by a save). */
  state: PointOfSaleState;
};

/** What the last change came to: the link saved, or the theater unlinked. */
type Outcome = 'saved' | 'unlinked';

/**
 * The theater's link in a form whose fields are the API's: its provider, the cinema's
 * token (a password field, always empty: a token kept is never shown, only said to be),
 * a token file (advanced), and the attributes table. Checked before anything is sent;
 * "Save link" sends it whole (PUT), "Unlink" asks first. A refusal lands on the field it
 * names, which takes the focus.
 */
function PointOfSaleForm({ site, theaterId, theater, state }: PointOfSaleFormProps) {
  const t = useTranslate();
  const save = useSetPointOfSale(site.id, theaterId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [unlinking, setUnlinking] = useState(false);
  const advanced = useRef<HTMLDetailsElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  /** The link's heading, which takes the focus once the theater is unlinked: the Unlink button that had it is gone. */
  const linkHeading = useRef<HTMLHeadingElement>(null);
  const attributesId = useId();
  // Open from the start where the link names a token file, closed otherwise; the staff member's to toggle since.
  const [advancedAtFirst] = useState(() => Boolean(state.link?.tokenFile));
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<PointOfSaleFields>({ defaultValues: pointOfSaleFields(state) });
  const rows = useFieldArray({ control, name: 'attributes' });
  useAskBeforeUnload(isDirty);

  // Another staff member changed the link meanwhile (the state is asked for every 30
  // seconds; an unchanged link is the same object, its health alone changing): a form
  // with nothing unsaved starts again from it.
  const link = state.link;
  const formLink = useRef(link);
  useEffect(() => {
    if (link === formLink.current || isDirty) return;
    formLink.current = link;
    reset(pointOfSaleFields({ link }));
  }, [link, isDirty, reset]);

  /** Sends `setting`; what it came to is kept apart from the mutation, which is forgotten once settled: it may hold a token. */
  const send = (setting: PointOfSaleSetting, fields: PointOfSaleFields | null, done: Outcome) => {
    if (save.isPending) return;
    setOutcome(null);
    setFailure(null);
    save.mutate(setting, {
      onSuccess: (saved) => {
        formLink.current = saved.link;
        reset(pointOfSaleFields(saved));
        setOutcome(done);
        if (done === 'unlinked') linkHeading.current?.focus();
      },
      onError: (error) => {
        const field = fields ? refusedPointOfSaleField(error, fields.attributes) : undefined;
        if (!field) {
          setFailure(error);
          return;
        }
        if (field === 'tokenFile' && advanced.current) advanced.current.open = true;
        setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      },
      onSettled: () => save.reset(),
    });
  };

  const providers: string[] = [...POINT_OF_SALE_PROVIDERS];
  if (state.link && !providers.includes(state.link.provider)) providers.push(state.link.provider);
  const codes = attributeCodeChoices(Object.values(state.link?.attributes ?? {}));
  const saving = save.isPending;
  return (
    <>
      <form
        className={styles.form}
        noValidate
        aria-label={t('studio.pointOfSale.form', { theater })}
        onSubmit={(submitted) => void handleSubmit((fields) => send(pointOfSaleSetting(fields), fields, 'saved'))(submitted)}
      >
        <h3 ref={linkHeading} tabIndex={-1} className={styles.subtitle}>
          {t('studio.pointOfSale.link')}
        </h3>
        <SelectField label={t('studio.pointOfSale.provider')} hint={t('studio.pointOfSale.provider.hint')} error={errors.provider?.message} {...register('provider')}>
          {providers.map((provider) => (
            <option key={provider} value={provider}>
              {providerName(t, provider)}
            </option>
          ))}
        </SelectField>
        <FormField
          type="password"
          label={t('studio.pointOfSale.tokenField')}
          hint={t(`studio.pointOfSale.tokenField.hint.${tokenSource(state)}`)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.token?.message}
          {...register('token', {
            validate: (value, fields) => {
              const problem = tokenProblem(value, { tokenKept: state.tokenKept, tokenFile: fields.tokenFile });
              return problem ? t(`studio.pointOfSale.tokenField.${problem}`) : true;
            },
          })}
        />
        <details ref={advanced} className={styles.advanced} open={advancedAtFirst}>
          <summary>{t('studio.pointOfSale.advanced')}</summary>
          <FormField
            label={t('studio.pointOfSale.tokenFile')}
            hint={t('studio.pointOfSale.tokenFile.hint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.tokenFile?.message}
            {...register('tokenFile', { deps: ['token'] })}
          />
        </details>
        <fieldset className={layout.part} aria-describedby={`${attributesId}-hint`}>
          <legend>{t('studio.pointOfSale.attributes')}</legend>
          <p id={`${attributesId}-hint`} className={fieldStyles.hint}>
            {t('studio.pointOfSale.attributes.hint')}
          </p>
          {rows.fields.length === 0 ? <p data-testid="studio-point-of-sale-attributes-none">{t('studio.pointOfSale.attributes.none')}</p> : null}
          {rows.fields.map((row, index) => (
            <AttributeRowFields
              key={row.id}
              index={index}
              codes={codes}
              register={register}
              errors={errors}
              onRemove={() => {
                rows.remove(index);
                addButton.current?.focus();
              }}
            />
          ))}
          <p>
            <button
              ref={addButton}
              type="button"
              className="button button-secondary"
              onClick={() => rows.append(attributeRow(), { focusName: `attributes.${rows.fields.length}.shortName` })}
            >
              {t('studio.pointOfSale.attribute.add')}
            </button>
          </p>
        </fieldset>
        <div className={actionStyles.actions}>
          <button type="submit" className="button" aria-disabled={saving || undefined}>
            {saving ? t('studio.pointOfSale.saving') : t('studio.pointOfSale.save')}
          </button>
          {state.link ? (
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={saving || undefined}
              onClick={() => {
                if (!saving) setUnlinking(true);
              }}
            >
              {t('studio.pointOfSale.unlink')}
            </button>
          ) : null}
          {isDirty ? (
            <p className={actionStyles.unsaved} data-testid="studio-point-of-sale-unsaved">
              {t('studio.pointOfSale.unsaved')}
            </p>
          ) : null}
        </div>
        {/* In the page from the start, so that what they come to say is announced. */}
        <p role="status" className={actionStyles.outcome} data-testid="studio-point-of-sale-outcome">
          {outcome ? t(`studio.pointOfSale.${outcome}`) : ''}
        </p>
        <p role="alert" className={actionStyles.outcome} data-testid="studio-point-of-sale-failure">
          {failure ? draftRecordFailureText(t, failure, 'studio.pointOfSale', site.name) : ''}
        </p>
      </form>
      {unlinking && state.link ? (
        <ConfirmDialog
          title={t('studio.pointOfSale.unlink.title', { theater, provider: providerName(t, state.link.provider) })}
          text={t('studio.pointOfSale.unlink.text')}
          confirmLabel={t('studio.pointOfSale.unlink.yes')}
          cancelLabel={t('studio.pointOfSale.unlink.no')}
          onCancel={() => setUnlinking(false)}
          onConfirm={() => {
            setUnlinking(false);
            send(UNLINKED, null, 'unlinked');
          }}
        />
      ) : null}
    </>
  );
}

type AttributeRowFieldsProps = {
  /** The line's place in the table, from 0. */
  index: number;
  /** The codes it chooses from (attributeCodeChoices). */
  codes: readonly string[];
  register: UseFormRegister<PointOfSaleFields>;
  errors: FieldErrors<PointOfSaleFields>;
  onRemove: () => void;
};

/** A line of the attributes table: the cinema's short name, what it means (a code of the vocabulary), and its removal. */
function AttributeRowFields({ index, codes, register, errors, onRemove }: AttributeRowFieldsProps) {
  const t = useTranslate();
  const row = index + 1;
  const rowErrors = errors.attributes?.[index];
  return (
    <div role="group" aria-label={t('studio.pointOfSale.attribute.row', { row })} className={styles.row} data-testid="studio-point-of-sale-attribute">
      <FormField
        label={t('studio.pointOfSale.attribute.shortName')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={rowErrors?.shortName?.message}
        {...register(`attributes.${index}.shortName`, {
          validate: (_value, fields) => {
            const problem = shortNameProblem(fields.attributes, index);
            return problem ? t(`studio.pointOfSale.attribute.shortName.${problem}`) : true;
          },
        })}
      />
      <SelectField
        label={t('studio.pointOfSale.attribute.code')}
        error={rowErrors?.code?.message}
        {...register(`attributes.${index}.code`, {
          deps: [`attributes.${index}.shortName`],
          validate: (_value, fields) => (attributeCodeProblem(fields.attributes[index]) ? t('studio.pointOfSale.attribute.code.missing') : true),
        })}
      >
        <option value="">{t('studio.pointOfSale.attribute.code.choose')}</option>
        {codes.map((code) => (
          <option key={code} value={code}>
            {attributeCodeName(t, code)}
          </option>
        ))}
      </SelectField>
      <button type="button" className={`button button-secondary ${styles.remove}`} aria-label={t('studio.pointOfSale.attribute.remove.name', { row })} onClick={onRemove}>
        {t('studio.pointOfSale.attribute.remove')}
      </button>
    </div>
  );
}
