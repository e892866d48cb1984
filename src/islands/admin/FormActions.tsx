// The bottom of every admin form: Save ('Saving...' and disabled while saving), Cancel, and Delete when
// editing; the save or delete error (with Reload when the record changed meanwhile), and a hint when
// fields need attention.
import type { ReactNode } from 'react';
import { Link } from './router.tsx';
import { Button, Notice, buttonStyles } from './ui.tsx';

interface Props {
  saving: boolean;
  cancelTo: string;
  error?: string;
  invalid?: boolean;
  deleteLabel?: string;
  deleting?: boolean;
  onDelete?: () => void;
  saveLabel?: ReactNode;
  /** offered with the error when the record changed meanwhile (412) */
  onReload?: () => void;
  /** more buttons beside Save (e.g. "Save as draft") */
  secondary?: ReactNode;
}

export function FormActions({ saving, cancelTo, error, invalid, deleteLabel, deleting, onDelete, saveLabel = 'Save', onReload, secondary }: Props) {
  return (
    <div className="space-y-4">
      {error && (
        <Notice tone="error">
          {error}
          {onReload && (
            <>
              {' '}
              <Button variant="secondary" className="ml-2 !py-1" onClick={onReload}>
                Reload
              </Button>
            </>
          )}
        </Notice>
      )}
      {invalid && !error && <Notice tone="error">Some fields need your attention; see the messages above.</Notice>}
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant="primary" disabled={saving || deleting}>
            {saving ? 'Saving...' : saveLabel}
          </Button>
          {secondary}
          <Link to={cancelTo} className={buttonStyles.ghost}>
            Cancel
          </Link>
        </div>
        {onDelete && deleteLabel && (
          <Button variant="danger" onClick={onDelete} disabled={saving || deleting}>
            {deleting ? 'Deleting…' : deleteLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
