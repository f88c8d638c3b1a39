import type { ComponentProps } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';
import styles from './form-field.module.css';

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'children'> & Omit<FieldFrameProps, 'children'>;

/**
 * A labelled text area of a studio form (text of several lines, such as a list typed one
 * item a line), with its hint and its error linked to it as FormField's are, and the same
 * look. Takes react-hook-form's `register()` props as they are.
 */
export function TextAreaField({ label, hint, error, className, ...textArea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea {...textArea} {...control} className={`${styles.input} ${styles.textArea}`} />}
    </FieldFrame>
  );
}
