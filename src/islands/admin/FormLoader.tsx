// Loads what an edit form needs (with retries), then renders the form with the loaded values as its
// defaults. An unknown id ("not found") goes back to the list;
// any other failure shows the error with 'Try again' and a way back.
import { useEffect, type ReactNode } from 'react';
import { ApiError } from './api.ts';
import { setFlash } from './flash.ts';
import { Link, navigate } from './router.tsx';
import { ErrorBox, PageHeader, Spinner, buttonStyles } from './ui.tsx';
import { useLoad } from './use-load.ts';

interface Props<T> {
  load: (signal: AbortSignal) => Promise<T>;
  deps: readonly unknown[];
  list: string;
  listName: string;
  title: string;
  loadingLabel: string;
  /** shown on the list after a redirect for an unknown id; none: redirect silently */
  notFound?: string;
  loadError: (error: unknown) => string;
  children: (data: T) => ReactNode;
}

export function FormLoader<T>({ load, deps, list, listName, title, loadingLabel, notFound, loadError, children }: Props<T>) {
  const data = useLoad(load, deps);
  const missing = data.status === 'error' && data.error instanceof ApiError && data.error.status === 404;
  useEffect(() => {
    if (!missing) return;
    if (notFound) setFlash(notFound);
    navigate(list, { replace: true });
  }, [missing, notFound, list]);

  if (data.status === 'loading' || missing) return <Spinner label={loadingLabel} />;
  if (data.status === 'error') {
    return (
      <>
        <PageHeader title={title} back={{ to: list, label: `Back to ${listName}` }} />
        <ErrorBox message={loadError(data.error)} onRetry={data.reload}>
          <Link to={list} className={buttonStyles.secondary}>
            Back to {listName}
          </Link>
        </ErrorBox>
      </>
    );
  }
  return <>{children(data.data)}</>;
}
