// Save and delete of one record, shared by the company, category and certificate forms: server
// issues onto their fields, SPEC's failure messages, republish, a flash message and back to the list.
import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { failure } from './api.ts';
import { setFlash } from './flash.ts';
import { showServerIssues } from './form-errors.ts';
import { usePublish } from './publish.tsx';
import { navigate } from './router.tsx';

interface Options<V extends { name: string }, F extends FieldValues> {
  /** lowercase singular, e.g. "company": used in the messages */
  noun: string;
  list: string;
  save: (values: V) => Promise<unknown>;
  remove: () => Promise<unknown>;
  setError: UseFormSetError<F>;
  isField: (path: string) => boolean;
}

export function useRecordActions<V extends { name: string }, F extends FieldValues>(o: Options<V, F>) {
  const publish = usePublish();
  const [saveError, setSaveError] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const Noun = o.noun[0].toUpperCase() + o.noun.slice(1);

  async function onSubmit(values: V) {
    setSaveError(undefined);
    try {
      await o.save(values);
      publish.changed();
      setFlash(`${Noun} “${values.name}” saved.`);
      navigate(o.list);
    } catch (error) {
      showServerIssues(error, o.setError, o.isField);
      setSaveError(failure(`Failed to save ${o.noun}. Please try again.`, error));
    }
  }

  async function onDelete() {
    if (!confirm(`Are you sure you want to delete this ${o.noun}?`)) return;
    setDeleting(true);
    setSaveError(undefined);
    try {
      await o.remove();
      publish.changed();
      setFlash(`${Noun} deleted.`);
      navigate(o.list);
    } catch (error) {
      setSaveError(failure(`Failed to delete ${o.noun}. Please try again.`, error));
      setDeleting(false);
    }
  }

  return { saveError, deleting, onSubmit, onDelete };
}
