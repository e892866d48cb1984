// A number input bound to the form without ever showing "NaN": an empty field is the schema's "missing"
// value (NaN for required numbers, which the shared schemas report as "... is required"; null for
// optional ones).
import type { InputHTMLAttributes } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues> = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's Control of any form values (the field is picked by name)
  control: Control<T, any, any>;
  name: FieldPath<T>;
  /** the value of an empty field */
  empty: number | null;
};

export function NumberInput<T extends FieldValues>({ control, name, empty, onBlur, ...rest }: Props<T>) {
  const { field } = useController({ control, name });
  const value: unknown = field.value;
  return (
    <input
      {...rest}
      type="number"
      ref={field.ref}
      name={field.name}
      value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
      onChange={(e) => field.onChange(e.target.value === '' ? empty : e.target.valueAsNumber)}
      onBlur={(e) => {
        field.onBlur();
        onBlur?.(e);
      }}
    />
  );
}
