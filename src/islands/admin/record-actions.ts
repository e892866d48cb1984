// Save and delete of one record, shared by the company, category, certificate and guide forms: server
// issues onto their fields, one failure message per action, republish, a flash message and back to the list.
// A save or delete based on a stale version (412) keeps the form as typed and offers a reload.
import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, failure } from './api.ts';
import { setFlash } from './flash.ts';
import { showServerIssues } from './form-errors.ts';
import { usePublish } from './publish.tsx';
import { navigate } from './router.tsx';

interface Options<V extends object, F extends FieldValues> {
  /** lowercase singular, e.g. "company": used in the messages */
  noun: string;
  list: string;
  save: (values: V) => Promise<unknown>;
  remove: () => Promise<unknown>;
  setError: UseFormSetError<F>;
  isField: (path: string) => boolean;
  /** the form shows its own confirmation dialog (deleteDialog) instead of the browser's confirm() */
  dialog?: boolean;
  /** what the saved message calls the record (default: its name) */
  label?: (values: V) => string;
}

/** "Someone else changed this company at 14:02 — reload to see their version." (local time) */
export function conflictMessage(noun: string, error: ApiError): string {
  const by = typeof error.data.changed_by === 'string' ? error.data.changed_by : 'Someone else';
  const at = typeof error.data.changed_at === 'string' ? new Date(error.data.changed_at) : undefined;
  const time = at && !Number.isNaN(at.getTime()) ? ` at ${at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}` : '';
  return `${by} changed this ${noun}${time} — reload to see their version.`;
}

export function useRecordActions<V extends object, F extends FieldValues>(o: Options<V, F>) {
  const publish = usePublish();
  const [saveError, setSaveError] = useState<string>();
  /** true when the error is a 412: the record changed since it was loaded */
  const [stale, setStale] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const Noun = o.noun[0].toUpperCase() + o.noun.slice(1);

  function showError(headline: string, error: unknown) {
    const conflict = error instanceof ApiError && error.status === 412;
    setStale(conflict);
    setSaveError(conflict ? conflictMessage(o.noun, error) : failure(headline, error));
  }

  async function onSubmit(values: V) {
    setSaveError(undefined);
    setStale(false);
    try {
      await o.save(values);
      publish.changed();
      setFlash(`${Noun} “${o.label ? o.label(values) : (values as { name?: string }).name}” saved.`);
      navigate(o.list, { force: true });
    } catch (error) {
      showServerIssues(error, o.setError, o.isField);
      showError(`Failed to save ${o.noun}. Please try again.`, error);
    }
  }

  async function onDelete() {
    if (o.dialog) {
      setSaveError(undefined);
      setConfirming(true);
      return;
    }
    if (!confirm(`Are you sure you want to delete this ${o.noun}?`)) return;
    await remove();
  }

  async function remove() {
    setDeleting(true);
    setSaveError(undefined);
    setStale(false);
    try {
      await o.remove();
      publish.changed();
      setFlash(`${Noun} deleted.`);
      setConfirming(false);
      navigate(o.list, { force: true });
    } catch (error) {
      showError(`Failed to delete ${o.noun}. Please try again.`, error);
      setDeleting(false);
      setConfirming(false);
    }
  }

  /** The state of the form's own delete dialog (with `dialog: true`). */
  const deleteDialog = { open: confirming, confirm: () => void remove(), cancel: () => setConfirming(false) };

  /** Loads the stored version again (what is typed in the form is dropped, as the editor chose). */
  const reload = stale ? () => window.location.reload() : undefined;
  return { saveError, deleting, onSubmit, onDelete, reload, deleteDialog };
}
