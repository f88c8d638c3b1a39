import { useId, type ComponentProps } from 'react';
import styles from './form-field.module.css';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: string;
  /** What the field is for, read with it. */
  hint?: string;
  /** What is wrong with what was chosen (the form's check, or the server's), read with it. */
  error?: string;
};

/**
 * A labelled native select of a studio form (it works on every phone), with its hint and
 * its error linked to it as FormField's are, and the same look. Takes react-hook-form's
 * `register()` props as they are; the options are its children.
 */
export function SelectField({ label, hint, error, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <select
        {...select}
        id={id}
        className={`${styles.input} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
