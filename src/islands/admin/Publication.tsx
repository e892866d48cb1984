// Draft or published, for the company and product forms: the "Publication" note in the details section,
// and the button beside Save that saves with the other status ("Publish" / "Save as draft").
import type { ReactNode } from 'react';
import { Button } from './ui.tsx';

type Status = 'draft' | 'published';
const STATUS_TEXT = { published: 'Published: shown on the public site.', draft: 'Draft: not on the public site until you publish it.' } as const;

/** The status as a badge and what it means; `children` go below (the company's Preview). */
export function PublicationNote({ status, children }: { status: Status; children?: ReactNode }) {
  return (
    <div className="mt-6" data-publication>
      <p className="mb-2 text-sm font-medium text-slate-800">Publication</p>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status === 'draft' ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900'}`} data-status={status}>
          {status === 'draft' ? 'Draft' : 'Published'}
        </span>
        {STATUS_TEXT[status]} Use “{status === 'draft' ? 'Publish' : 'Save as draft'}” below to change it.
      </p>
      {children}
    </div>
  );
}

/** "Publish" for a draft, "Save as draft" for a published record: the same save with the other status. */
export function SaveAsButton({ status, saveAs, disabled }: { status: Status; saveAs: (next: Status) => void; disabled: boolean }) {
  return (
    <Button variant="secondary" onClick={() => saveAs(status === 'draft' ? 'published' : 'draft')} disabled={disabled}>
      {status === 'draft' ? 'Publish' : 'Save as draft'}
    </Button>
  );
}
