import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslate } from '@/state/i18n';
import { AUDIT_ACTIONS, type StaffMember } from '../api';
import { auditActionName, endsBeforeItStarts, NO_AUDIT_FILTER, type AuditFilterFields } from '../audit-rules';
import { FormField } from '../components/form-field';
import { SelectField } from '../components/select-field';
import styles from './audit-filters-form.module.css';

type AuditFiltersFormProps = {
  /** The staff members to choose from: those who made the entries shown. */
  staff: readonly StaffMember[];
  /** The filters the entries shown were read with. */
  applied: AuditFilterFields;
  /** Reads the entries again with these filters. */
  onApply: (fields: AuditFilterFields) => void;
};

/**
 * The filters of an audit log: an action, a staff member, the first and the last day.
 * Choosing changes nothing until Show entries is pressed (a keyboard or a screen reader
 * goes through the options freely); Clear the filters reads every entry again.
 */
export function AuditFiltersForm({ staff, applied, onApply }: AuditFiltersFormProps) {
  const t = useTranslate();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AuditFilterFields>({ defaultValues: applied });
  const submit = handleSubmit((fields) => {
    onApply(fields);
  });
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.audit.filters.title')}</h2>
      <div className={styles.fields}>
        <SelectField label={t('studio.audit.filters.action')} {...register('action')}>
          <option value="">{t('studio.audit.filters.action.all')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {auditActionName(t, action)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('studio.audit.filters.staff')} {...register('staffId')}>
          <option value="">{t('studio.audit.filters.staff.all')}</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {t('studio.audit.filters.staff.option', { name: member.name, email: member.email })}
            </option>
          ))}
        </SelectField>
        <FormField type="date" label={t('studio.audit.filters.from')} hint={t('studio.audit.filters.from.hint')} {...register('from')} />
        <FormField
          type="date"
          label={t('studio.audit.filters.to')}
          hint={t('studio.audit.filters.to.hint')}
          error={errors.to?.message}
          {...register('to', {
            validate: (to, fields) => (endsBeforeItStarts({ from: fields.from, to }) ? t('studio.audit.filters.to.beforeFrom') : true),
          })}
        />
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button">
          {t('studio.audit.filters.apply')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            reset(NO_AUDIT_FILTER);
            onApply(NO_AUDIT_FILTER);
          }}
        >
          {t('studio.audit.filters.clear')}
        </button>
      </div>
    </form>
  );
}
