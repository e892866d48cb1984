// Inputs of the product form for values that may be unknown (null): a select whose empty choice is
// "not verified", a comma-separated list, and the licence (unknown, not open source, or an SPDX id).
import { useEffect, useState, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { inputClass } from '../../ui.tsx';

type Attrs = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean };

/** A select of `options`; the first, empty choice is null ("Not verified"). */
export function NullableSelect<T extends string | boolean>({
  attrs,
  value,
  onChange,
  onBlur,
  options,
  empty = 'Not verified',
  ...rest
}: {
  attrs: Attrs;
  value: T | null | undefined;
  onChange: (value: T | null) => void;
  onBlur?: () => void;
  options: readonly { value: T; label: string }[];
  empty?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'onBlur'>) {
  const index = options.findIndex((o) => o.value === value);
  return (
    <select
      {...attrs}
      {...rest}
      className={inputClass}
      value={index < 0 ? '' : String(index)}
      onChange={(e) => onChange(e.target.value === '' ? null : options[Number(e.target.value)].value)}
      onBlur={onBlur}
    >
      <option value="">{empty}</option>
      {options.map((o, i) => (
        <option key={String(o.value)} value={i}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const;

/** "a, b , c" → ["a", "b", "c"]; blanks dropped. */
export function parseList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A comma-separated list in one text box. The text is the editor's own while typing (a trailing comma
 * stays); the value is the list, and an empty list is `empty` (null: unknown, or undefined: none).
 */
export function ListInput({
  attrs,
  value,
  onChange,
  onBlur,
  empty,
  ...rest
}: {
  attrs: Attrs;
  value: readonly string[] | null | undefined;
  onChange: (value: string[] | null | undefined) => void;
  onBlur?: () => void;
  empty: null | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'>) {
  const joined = (value ?? []).join(', ');
  const [text, setText] = useState(joined);
  // A value set from outside (a reset, a revert) replaces the text; one typed here leaves it alone.
  useEffect(() => {
    setText((t) => (parseList(t).join(', ') === joined ? t : joined));
  }, [joined]);
  return (
    <input
      {...attrs}
      {...rest}
      type="text"
      className={inputClass}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const list = parseList(e.target.value);
        onChange(list.length ? list : empty);
      }}
      onBlur={() => {
        setText(joined);
        onBlur?.();
      }}
    />
  );
}

type LicenceMode = 'unknown' | 'closed' | 'open';
const modeOf = (v: string | null | undefined): LicenceMode => (v === null || v === undefined ? 'unknown' : v === '' ? 'closed' : 'open');

/** The licence: null unknown, "" not open source, else the SPDX id (open source). */
export function LicenceInput({ id, value, onChange, invalid, describedBy }: { id: string; value: string | null | undefined; onChange: (v: string | null) => void; invalid: boolean; describedBy?: string }) {
  // "Open source" with the id still empty is a choice of its own (the value stays unknown until an id is typed).
  const [mode, setMode] = useState<LicenceMode>(modeOf(value));
  useEffect(() => {
    if (value) setMode('open');
    else if (value === '') setMode('closed');
  }, [value]);
  return (
    <div className="flex flex-wrap gap-2">
      <select
        id={id}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={`${inputClass} sm:w-auto`}
        value={mode}
        onChange={(e) => {
          const next = e.target.value as LicenceMode;
          setMode(next);
          onChange(next === 'unknown' ? null : next === 'closed' ? '' : null);
        }}
      >
        <option value="unknown">Not verified</option>
        <option value="closed">Not open source</option>
        <option value="open">Open source</option>
      </select>
      {mode === 'open' && (
        <input
          id={`${id}-spdx`}
          type="text"
          aria-label="Licence (SPDX id)"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          placeholder="SPDX id, e.g. AGPL-3.0"
          className={`${inputClass} min-w-40 flex-1 font-mono`}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value.trim() ? e.target.value : null)}
        />
      )}
    </div>
  );
}

/** The first message in a (nested) react-hook-form error: a list's field errors sit one level down. */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: unknown };
  if (typeof e.message === 'string' && e.message) return e.message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
