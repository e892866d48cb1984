// Small building blocks of the admin screens: buttons, fields tied to their errors, spinner, error and
// notice boxes, page header, search box, switch. Styling only lives here and in the screens.
import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from './router.tsx';

export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-eu-blue';

// Touch targets: at least 44 px high on phones.
const buttonBase = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 max-sm:min-h-11 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const buttonStyles = {
  primary: `${buttonBase} bg-eu-blue text-white shadow-sm hover:bg-blue-800`,
  secondary: `${buttonBase} border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50`,
  danger: `${buttonBase} border border-red-300 bg-white text-red-700 shadow-sm hover:bg-red-50`,
  ghost: `${buttonBase} text-slate-700 hover:bg-slate-100`,
  remove: `${buttonBase} !px-2 !py-1 text-red-700 hover:bg-red-50`,
} as const;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof buttonStyles };

export function Button({ variant = 'secondary', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={`${buttonStyles[variant]} ${className}`} {...rest} />;
}

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 max-sm:min-h-11 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 ' +
  'focus:border-eu-blue focus:outline-2 focus:outline-offset-0 focus:outline-eu-blue/30 ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:outline-red-600/30 disabled:bg-slate-100';

export function Spinner({ label = 'Loading…', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-12 text-slate-600 ${className}`}>
      <span aria-hidden="true" className="size-6 animate-spin rounded-full border-2 border-slate-300 border-t-eu-blue motion-reduce:animate-none" />
      <span>{label}</span>
    </div>
  );
}

/** The whole page while the session is checked. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="grid min-h-screen place-items-center">
      <Spinner label={label} />
    </div>
  );
}

export function ErrorBox({ message, onRetry, children }: { message: string; onRetry?: () => void; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-medium">{message}</p>
      {(onRetry || children) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {onRetry && (
            <Button variant="danger" onClick={onRetry}>
              Try again
            </Button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}

export function Notice({ tone, children, onDismiss }: { tone: 'success' | 'error' | 'info'; children: ReactNode; onDismiss?: () => void }) {
  const styles = {
    success: 'border-green-200 bg-green-50 text-green-900',
    error: 'border-red-200 bg-red-50 text-red-800',
    info: 'border-blue-200 bg-blue-50 text-blue-900',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex items-start justify-between gap-4 rounded-xl border p-3 text-sm ${styles}`}>
      <p className="pt-0.5 font-medium">{children}</p>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className={`-my-1 min-h-8 min-w-8 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100 ${focusRing}`} aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}

/** The screen's title; names the browser tab and takes focus when the screen opens, so screen readers announce the new page. */
export function PageTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const text = ref.current?.textContent?.trim();
    if (text) document.title = `${text} · Admin | European Alternatives`;
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
      {children}
    </h1>
  );
}

export function PageHeader({ title, actions, back }: { title: ReactNode; actions?: ReactNode; back?: { to: string; label: string } }) {
  return (
    <div className="mb-6">
      {back && (
        <Link to={back.to} className={`mb-3 inline-flex items-center gap-1 rounded text-sm font-medium text-eu-blue hover:underline ${focusRing}`}>
          <span aria-hidden="true">←</span> {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageTitle>{title}</PageTitle>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}

export function SearchBox({ value, onChange, label, placeholder }: { value: string; onChange: (v: string) => void; label: string; placeholder: string }) {
  return (
    <div className="mb-4 max-w-md">
      <label htmlFor="admin-search" className="sr-only">
        {label}
      </label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
            <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 3.4 9.83l3.63 3.64a.75.75 0 1 0 1.06-1.06l-3.63-3.64A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z" clipRule="evenodd" />
          </svg>
        </span>
        <input id="admin-search" type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} className={`${inputClass} pl-9`} />
      </div>
    </div>
  );
}

/** The ids that tie a field to its hint and error (aria-describedby). */
export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  /** the input, given the attributes that tie it to its label, hint and error */
  children: (attrs: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }) => ReactNode;
}

export function Field({ id, label, error, hint, required, className = '', children }: FieldProps) {
  return (
    <div className={className}>
      {/* The asterisk sits outside the label: the field's name is the label alone, "required" comes from aria-required. */}
      <div className="mb-1 flex items-baseline gap-1 text-sm font-medium">
        <label htmlFor={id} className="text-slate-800">
          {label}
        </label>
        {required && (
          <span className="text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy(id, !!hint, !!error), ...(required ? { 'aria-required': true } : {}) })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

/** An on/off switch whose visible text says the state ('Unicorn Status: Active' / 'Mark as Unicorn'). */
export function Switch({ checked, onChange, on, off, id }: { checked: boolean; onChange: (v: boolean) => void; on: string; off: string; id?: string }) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className={`inline-flex items-center gap-3 rounded-lg border px-3 py-2 max-sm:min-h-11 text-sm font-medium shadow-sm transition-colors ${focusRing} ${
        checked ? 'border-eu-blue bg-blue-50 text-eu-blue' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
      }`}
    >
      <span aria-hidden="true" className={`relative inline-block h-5 w-9 shrink-0 rounded-full transition-colors ${checked ? 'bg-eu-blue' : 'bg-slate-300'}`}>
        <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-all ${checked ? 'left-[1.125rem]' : 'left-0.5'}`} />
      </span>
      {checked ? on : off}
    </button>
  );
}

export function Section({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A row of checkbox chips (subcategories, a source's facts, platforms): each option a labelled checkbox
 * styled as a pill. `onToggle` gets the option and whether it is now checked.
 */
export function CheckboxChips<V extends string | number>({
  options,
  label,
  checked,
  onToggle,
  className = 'py-1.5',
}: { options: readonly V[]; label: (value: V) => ReactNode; checked: (value: V) => boolean; onToggle: (value: V, on: boolean) => void; className?: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      {options.map((value) => (
        <label
          key={value}
          className={`inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 ${className} text-sm has-checked:border-eu-blue has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-eu-blue`}
        >
          <input type="checkbox" className="size-4 accent-eu-blue" checked={checked(value)} onChange={(e) => onToggle(value, e.target.checked)} />
          {label(value)}
        </label>
      ))}
    </div>
  );
}
