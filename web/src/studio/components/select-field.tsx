import type { ComponentProps } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';
import styles from './form-field.module.css';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & Omit<FieldFrameProps, 'children'>;

/**
 * A labelled native select of a studio form (it works on every phone), with its hint and
 * its error linked to it as FormField's are, and the same look. Takes react-hook-form's
 * `register()` props as they are; the options are its children.
 */
export function SelectField({ label, hint, error, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...select} {...control} className={`${styles.input} ${styles.select}`}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
