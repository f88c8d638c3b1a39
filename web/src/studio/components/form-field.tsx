import { useId, type ComponentProps } from 'react';
import styles from './form-field.module.css';

type FormFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** What the field is for, read with it. */
  hint?: string;
  /** What is wrong with what was entered (the form's check, or the server's), read with it. */
  error?: string;
};

/**
 * A labelled text input of a studio form, with its hint and its error linked to it
 * (aria-describedby), and marked invalid while it has an error. Takes react-hook-form's
 * `register()` props (name, ref, onChange, onBlur) as they are.
 */
export function FormField({ label, hint, error, className, ...input }: FormFieldProps) {
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
      <input
        {...input}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
