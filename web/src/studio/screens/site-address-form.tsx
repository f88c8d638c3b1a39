import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import { StudioApiError, type SiteDetails, type StudioSite } from '../api';
import { FormField } from '../components/form-field';
import { ServiceProblem } from '../components/service-problem';
import { TextAreaField } from '../components/text-area-field';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { useSetSiteAddress, useSiteDetails } from '../hooks/use-sites';
import { siteAddressFields, siteAddressRequest, type SiteAddressFields } from '../site-rules';
import styles from '../components/form-layout.module.css';

/** The form's fields, in its order: each is one of PATCH /studio/api/v1/sites/{siteId}'s, which a refusal may name. */
const FIELDS = ['hosts', 'publicUrl'] as const satisfies readonly (keyof SiteAddressFields)[];

/**
 * The field a refusal names, where the form has it: 400 (a host name or a URL the server
 * does not take) or 409 (a host name is another site's; nothing changed).
 */
function fieldAtFault(error: unknown): keyof SiteAddressFields | undefined {
  if (!(error instanceof StudioApiError) || ![400, 409].includes(error.status)) return undefined;
  return FIELDS.find((field) => field === error.field);
}

/** What the form says of a failure that is about no field of it. */
function failureText(t: Translate, error: unknown, site: StudioSite): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('studio.siteAddress.forbidden');
    if (error.status === 404) return t('studio.site.gone', { site: site.name });
    if (error.status === 503) return t('studio.siteAddress.unavailable');
    if (error.status < 500) return t('studio.siteAddress.refused', { message: error.message });
  }
  return t('studio.siteAddress.failed');
}

/** "Saved: the site is served on marquee.example and www.marquee.example, at https://marquee.example." */
function savedText(t: Translate, site: SiteDetails): string {
  if (site.hosts.length === 0) return t('studio.siteAddress.saved.noHosts', { url: site.publicUrl });
  const hosts = new Intl.ListFormat(t.locale, { style: 'long', type: 'conjunction' }).format(site.hosts);
  return t('studio.siteAddress.saved', { hosts, url: site.publicUrl });
}

/**
 * Where it is served, on a site's page for an operator (who alone may change it; the server
 * decides): its host names, one a line, and its own public URL, as GET .../sites/{siteId}
 * gives them (the URL empty where the site has none of its own; its hint says where the site
 * is reached now). Until they have come, the form is not shown: a spinner, or what kept them
 * from coming, is. Both are sent, each replacing what the site has, and the form then starts
 * from what the server answers (its host names and URL as it normalised them). A refusal of
 * a field lands on it, which takes the focus; what a save came to otherwise is said beside
 * the button, which keeps it.
 */
export function SiteAddressForm({ site }: { site: StudioSite }) {
  const t = useTranslate();
  const titleId = useId();
  const details = useSiteDetails(site.id);
  useForgetSessionIfEnded(details.error);
  if (details.data) return <AddressForm site={site} details={details.data} />;
  return (
    <section className={styles.form} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.siteAddress.title')}</h2>
      {details.isError ? (
        <ServiceProblem level={2} error={details.error} retrying={details.isFetching} onRetry={() => void details.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}

/** The form itself, started from the site's details (`site`: as the list of sites has it, for its name). */
function AddressForm({ site, details }: { site: StudioSite; details: SiteDetails }) {
  const t = useTranslate();
  const titleId = useId();
  const setAddress = useSetSiteAddress(site.id);
  // Set as the form is sent, before the mutation's state is rendered: a second click meanwhile sends nothing.
  const sending = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<SiteAddressFields>({ defaultValues: siteAddressFields(details) });

  const send = (fields: SiteAddressFields) => {
    if (sending.current) return;
    sending.current = true;
    const request = siteAddressRequest(fields);
    setAddress.mutate(request, {
      // The host names and the public URL as the server keeps them (normalised), not as they were sent.
      onSuccess: (saved) => reset(siteAddressFields(saved)),
      onError: (error) => {
        const field = fieldAtFault(error);
        if (!field) return;
        setError(field, { type: 'server', message: error.message });
        setFocus(field);
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  const outcome = setAddress.isSuccess
    ? savedText(t, setAddress.data)
    : setAddress.isError && !fieldAtFault(setAddress.error)
      ? failureText(t, setAddress.error, site)
      : '';
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(send)(event)} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.siteAddress.title')}</h2>
      <p className={styles.intro}>{t('studio.siteAddress.intro')}</p>
      <TextAreaField
        label={t('studio.siteAddress.hosts')}
        hint={t('studio.siteAddress.hosts.hint')}
        rows={3}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.hosts?.message}
        {...register('hosts')}
      />
      <FormField
        type="url"
        label={t('studio.siteAddress.publicUrl')}
        hint={t('studio.siteAddress.publicUrl.hint', { url: details.publicUrl })}
        autoComplete="off"
        spellCheck={false}
        error={errors.publicUrl?.message}
        {...register('publicUrl')}
      />
      <button type="submit" className="button" aria-disabled={setAddress.isPending || undefined}>
        {t(setAddress.isPending ? 'studio.siteAddress.saving' : 'studio.siteAddress.save')}
      </button>
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.outcome}>
        {outcome}
      </p>
    </form>
  );
}
