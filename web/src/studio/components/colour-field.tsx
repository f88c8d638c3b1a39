import type { ComponentProps } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';
import formStyles from './form-field.module.css';
import styles from './colour-field.module.css';

type ColourFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type' | 'children'> &
  Omit<FieldFrameProps, 'children'> & {
    /** The colour the field holds now, which the picker shows (black while it holds none). */
    colour: string;
    /** The picker's name, read with it: "Pick the colour: Primary". */
    pickerLabel: string;
    /** A colour picked with the picker, `#RRGGBB` upper-cased. */
    onPick: (colour: string) => void;
  };

const PICKABLE = /^#[0-9a-f]{6}$/i;

/**
 * A labelled `#RRGGBB` text input of a studio form (FormField's look, hint and error),
 * with the browser's colour picker beside it: a colour is typed or picked. Takes
 * react-hook-form's `register()` props for the text input; the picker sets the field
 * through `onPick`.
 */
export function ColourField({ label, hint, error, className, colour, pickerLabel, onPick, disabled, ...input }: ColourFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className={styles.colour}>
          <input
            type="color"
            className={styles.picker}
            aria-label={pickerLabel}
            value={PICKABLE.test(colour.trim()) ? colour.trim().toLowerCase() : '#000000'}
            disabled={disabled}
            onChange={(event) => onPick(event.target.value.toUpperCase())}
          />
          <input
            {...input}
            {...control}
            type="text"
            disabled={disabled}
            spellCheck={false}
            autoComplete="off"
            className={`${formStyles.input} ${styles.text}`}
          />
        </div>
      )}
    </FieldFrame>
  );
}
