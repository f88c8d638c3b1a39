import type { ComponentProps } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';
import styles from './form-field.module.css';

type FormFieldProps = Omit<ComponentProps<'input'>, 'id' | 'children'> & Omit<FieldFrameProps, 'children'>;

/**
 * A labelled text input of a studio form, with its hint and its error linked to it
 * (aria-describedby), and marked invalid while it has an error. Takes react-hook-form's
 * `register()` props (name, ref, onChange, onBlur) as they are.
 */
export function FormField({ label, hint, error, className, ...input }: FormFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...input} {...control} className={styles.input} />}
    </FieldFrame>
  );
}
