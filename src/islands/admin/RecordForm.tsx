// The shell of every record's edit form (company, product, category, certificate, guide): what the
// loader needs (list, titles, messages; FormLoader.tsx), the header with the way back, the <form>, its
// sections, and at the bottom Save / Cancel / Delete with the save error, the 412 "someone else changed
// it" message with Reload, and the "fields need attention" hint (FormActions.tsx, record-actions.ts).
// Forms with many fields also ask before leaving with unsaved changes.
import { useEffect, type FormEventHandler, type ReactNode } from 'react';
import { FormActions } from './FormActions.tsx';
import { setNavigationGuard } from './router.tsx';
import { PageHeader } from './ui.tsx';

export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page without saving them?';

/** While the form has unsaved changes: ask before the app navigates away or the tab closes or reloads. */
export function useUnsavedGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', beforeUnload);
    setNavigationGuard(() => confirm(LEAVE_QUESTION));
    return () => {
      removeEventListener('beforeunload', beforeUnload);
      setNavigationGuard(undefined);
    };
  }, [dirty]);
}

export interface RecordPage {
  /** "Category" */
  Noun: string;
  /** "/admin/categories" */
  list: string;
  /** "Categories" */
  listName: string;
  /** "Edit Category" or "Add Category" */
  title: string;
  loadingLabel: string;
  notFound: string;
}

/** The names of a record's form, from its noun and its list: ('category', 'Categories', id). */
export function recordPage(noun: string, listName: string, id: string | undefined): RecordPage {
  const Noun = noun[0].toUpperCase() + noun.slice(1);
  return {
    Noun,
    list: `/admin/${listName.toLowerCase()}`,
    listName,
    title: `${id ? 'Edit' : 'Add'} ${Noun}`,
    loadingLabel: `Loading ${noun}…`,
    notFound: `${Noun} not found`,
  };
}

interface ShellProps {
  page: RecordPage;
  /** true when editing a stored record (Delete is offered) */
  editing: boolean;
  /** the header (default: the page title, e.g. "Edit Company") */
  heading?: ReactNode;
  /** name the form with the title (aria-label) */
  labelled?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formState: { errors: object; isSubmitting: boolean; isDirty: boolean };
  /** ask before leaving with unsaved changes */
  guardUnsaved?: boolean;
  /** from useRecordActions (record-actions.ts) */
  actions: { saveError: string | undefined; deleting: boolean; onDelete: () => Promise<void>; reload: (() => void) | undefined };
  /** buttons beside Save ("Save as draft") */
  secondary?: ReactNode;
  children: ReactNode;
  /** below the form (dialogs, history) */
  after?: ReactNode;
}

export function RecordFormShell({ page, editing, heading, labelled, onSubmit, formState, guardUnsaved, actions, secondary, children, after }: ShellProps) {
  // A failed save keeps the form (and this guard) as typed; a successful one leaves with force.
  useUnsavedGuard(!!guardUnsaved && formState.isDirty);
  return (
    <>
      <PageHeader title={heading ?? page.title} back={{ to: page.list, label: `Back to ${page.listName}` }} />
      <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label={labelled ? page.title : undefined}>
        {children}
        <FormActions
          saving={formState.isSubmitting}
          cancelTo={page.list}
          error={actions.saveError}
          invalid={Object.keys(formState.errors).length > 0}
          deleting={actions.deleting}
          deleteLabel={editing ? `Delete ${page.Noun}` : undefined}
          onDelete={editing ? () => void actions.onDelete() : undefined}
          onReload={actions.reload}
          secondary={secondary}
        />
      </form>
      {after}
    </>
  );
}
