import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import { nameProblem } from '../acceptance-rules';
import { SITE_TEMPLATES, StudioApiError } from '../api';
import { ChoiceField } from '../components/choice-field';
import { FormField } from '../components/form-field';
import { TextAreaField } from '../components/text-area-field';
import { useCreateSite } from '../hooks/use-sites';
import { studioPaths } from '../paths';
import { newSiteRequest, siteIdProblem, type NewSiteFields } from '../site-rules';
import styles from '../components/form-layout.module.css';

const BLANK: NewSiteFields = { id: '', name: '', template: 'empty', hosts: '', publicUrl: '' };

/** The form's fields, in its order: each is one of POST /studio/api/v1/sites's, which a refusal may name. */
const FIELDS = ['id', 'name', 'template', 'hosts', 'publicUrl'] as const satisfies readonly (keyof NewSiteFields)[];

/**
 * The field a refusal names, where the form has it: 400 (an id, a host name or a URL the
 * server does not take), 409 (the id is another site's, or a host name is) or 422 (the
 * template is not installed here).
 */
function fieldAtFault(error: unknown): keyof NewSiteFields | undefined {
  if (!(error instanceof StudioApiError) || ![400, 409, 422].includes(error.status)) return undefined;
  return FIELDS.find((field) => field === error.field);
}

/** What the form says of a failure that is about no field of it. */
function failureText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('studio.newSite.forbidden');
    if (error.status === 503) return t('studio.newSite.unavailable');
    if (error.status < 500) return t('studio.newSite.refused', { message: error.message });
  }
  return t('studio.newSite.failed');
}

/**
 * New site, on the start page of an operator (who alone may create one; the server decides):
 * its id, name, template, host names and public URL. Once made, its page opens, the list of
 * sites having it. A refusal of a field lands on it, which takes the focus; any other failure
 * is said beside the button, which keeps it.
 */
export function NewSiteForm() {
  const t = useTranslate();
  const titleId = useId();
  const navigate = useNavigate();
  const create = useCreateSite();
  // Set as the form is sent, before the mutation's state is rendered: a second click meanwhile sends nothing.
  const sending = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<NewSiteFields>({ defaultValues: BLANK });

  const send = (fields: NewSiteFields) => {
    if (sending.current) return;
    sending.current = true;
    create.mutate(newSiteRequest(fields), {
      onSuccess: (site) => void navigate(studioPaths.site.build(site.id)),
      onError: (error) => {
        const field = fieldAtFault(error);
        if (!field) return;
        setError(field, { type: 'server', message: error.message });
        // setFocus, not setError's own: it focuses a group of radio buttons too (the template's).
        setFocus(field);
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  const outcome = create.isError && !fieldAtFault(create.error) ? failureText(t, create.error) : '';
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(send)(event)} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.newSite.title')}</h2>
      <p className={styles.intro}>{t('studio.newSite.intro')}</p>
      <FormField
        label={t('studio.newSite.id')}
        hint={t('studio.newSite.id.hint')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.id?.message}
        {...register('id', {
          validate: (id) => {
            const problem = siteIdProblem(id);
            return problem ? t(`studio.newSite.id.${problem}`) : true;
          },
        })}
      />
      <FormField
        label={t('studio.newSite.name')}
        hint={t('studio.newSite.name.hint')}
        autoComplete="off"
        required
        error={errors.name?.message}
        {...register('name', {
          validate: (name) => {
            const problem = nameProblem(name);
            return problem ? t(`studio.newSite.name.${problem}`) : true;
          },
        })}
      />
      <ChoiceField
        label={t('studio.newSite.template')}
        choices={SITE_TEMPLATES.map((template) => ({
          value: template,
          label: t(`studio.newSite.template.${template}`),
          description: t(`studio.newSite.template.${template}.description`),
        }))}
        error={errors.template?.message}
        {...register('template')}
      />
      <TextAreaField
        label={t('studio.newSite.hosts')}
        hint={t('studio.newSite.hosts.hint')}
        rows={3}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.hosts?.message}
        {...register('hosts')}
      />
      <FormField
        type="url"
        label={t('studio.newSite.publicUrl')}
        hint={t('studio.newSite.publicUrl.hint')}
        autoComplete="off"
        spellCheck={false}
        error={errors.publicUrl?.message}
        {...register('publicUrl')}
      />
      <button type="submit" className="button" aria-disabled={create.isPending || undefined}>
        {t(create.isPending ? 'studio.newSite.creating' : 'studio.newSite.create')}
      </button>
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.outcome}>
        {outcome}
      </p>
    </form>
  );
}
