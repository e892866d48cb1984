// Server-side validation answers ({ issues: [{ path: 'subcategories.0.slug', message }] }) shown on the
// fields they concern: the paths are the form's own field names.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/** Puts each issue on its field; true when at least one field got a message. */
export function showServerIssues<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: (path: string) => boolean): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const issue of error.issues) {
    if (!issue.path || !fields(issue.path)) continue;
    setError(issue.path as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
