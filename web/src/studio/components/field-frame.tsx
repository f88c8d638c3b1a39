import { useId, type ReactNode } from 'react';
import styles from './form-field.module.css';

/** What a field's control carries to be read with its label, hint and error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export type FieldFrameProps = {
  label: string;
  /** What the field is for, read with it. */
  hint?: string;
  /** What is wrong with what was entered or chosen (the form's check, or the server's), read with it. */
  error?: string;
  className?: string | undefined;
  /** The control (an input, a select), given the props that link it to the rest. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * What every field of a studio form has around its control (FormField's input,
 * SelectField's select): the label, the hint and the error, linked to the control
 * (aria-describedby), which is marked invalid while there is an error.
 */
export function FieldFrame({ label, hint, error, className, children }: FieldFrameProps) {
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
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
