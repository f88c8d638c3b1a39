import { useId, type ComponentProps } from 'react';
import fieldStyles from './form-field.module.css';
import styles from './choice-field.module.css';

/** One of a ChoiceField's options: its value, its name, and a line on what choosing it means. */
export type Choice = { value: string; label: string; description: string };

type ChoiceFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type' | 'value' | 'children'> & {
  /** What is chosen: the group's name. */
  label: string;
  choices: readonly Choice[];
  /** What the choice is for, read with the group. */
  hint?: string;
  /** What is wrong with what was chosen (the form's check, or the server's), read with the group. */
  error?: string;
  className?: string | undefined;
};

/**
 * A choice of one among a few options of a studio form, as radio buttons, each with a line
 * that says what it means (read with it: aria-describedby), which a select's options
 * cannot carry. The group (a radiogroup, which a fieldset's group is not: it may be marked
 * invalid) is named by its label and read with the hint and the error. Takes
 * react-hook-form's `register()` props as they are, on each radio button (react-hook-form's
 * setFocus focuses the first).
 */
export function ChoiceField({ label, choices, hint, error, className, ...input }: ChoiceFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
      className={className ? `${fieldStyles.field} ${className}` : fieldStyles.field}
    >
      <p id={labelId} className={styles.label}>
        {label}
      </p>
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      {choices.map((choice, index) => {
        const choiceId = `${id}-${index}`;
        return (
          <div key={choice.value} className={styles.choice}>
            <input {...input} type="radio" id={choiceId} value={choice.value} aria-describedby={`${choiceId}-description`} className={styles.radio} />
            <label htmlFor={choiceId}>{choice.label}</label>
            <p id={`${choiceId}-description`} className={styles.description}>
              {choice.description}
            </p>
          </div>
        );
      })}
      {error ? (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
