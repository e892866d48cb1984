// An accessible confirmation: a modal <dialog> (the page behind is inert, so focus stays inside),
// focus on the safe choice first, Escape or "Cancel" cancels, focus goes back where it was.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, buttonStyles } from './ui.tsx';

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** danger: red confirm button (delete, revert) */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  /** shown inside the dialog when the action failed */
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, tone = 'danger', busy, error, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      (opener.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);

  // Keep Tab inside the dialog also towards the browser's own controls.
  function trapTab(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = [...(ref.current?.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input, select, textarea') ?? [])];
    if (!focusable.length) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        // Escape: the dialog stays under React's control.
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onKeyDown={trapTab}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      {open && (
        <div className="p-5 sm:p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div id={bodyId} className="mt-3 space-y-2 text-sm text-slate-700">
            {children}
          </div>
          {error && (
            <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button ref={cancelRef} type="button" className={buttonStyles.secondary} onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <Button variant={tone} onClick={onConfirm} disabled={busy} aria-busy={busy}>
              {busy ? 'Working…' : confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
