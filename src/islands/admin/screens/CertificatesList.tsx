// /admin/certificates: Certificate, Description, Icon Type, Brands; search by name or description.
import { useMemo, useState } from 'react';
import { api, call } from '../api.ts';
import { DataTable, ResultCount } from '../DataTable.tsx';
import { takeFlash } from '../flash.ts';
import { iconTypeLabel, iconTypeSwatch } from '../icon-types.ts';
import { Link } from '../router.tsx';
import { matches } from '../text.ts';
import { ErrorBox, Notice, PageHeader, SearchBox, Spinner, buttonStyles, plural } from '../ui.tsx';
import { useLoad } from '../use-load.ts';

export function CertificatesList() {
  const list = useLoad((signal) => call(api.api.admin.certificates.$get(undefined, { init: { signal } })), []);
  const [query, setQuery] = useState('');
  const [flash, setFlash] = useState(takeFlash);
  const rows = useMemo(() => (list.status === 'ready' ? list.data.filter((c) => matches(query, c.name, c.description)) : []), [list, query]);

  return (
    <>
      <PageHeader
        title="Certificates"
        actions={
          <Link to="/admin/certificates/new" className={buttonStyles.primary}>
            <span aria-hidden="true">+</span> Add Certificate
          </Link>
        }
      />
      {flash && (
        <div className="mb-4">
          <Notice tone="success" onDismiss={() => setFlash(undefined)}>
            {flash}
          </Notice>
        </div>
      )}
      <SearchBox value={query} onChange={setQuery} label="Search certificates by name or description" placeholder="Search certificates…" />
      {list.status === 'loading' && <Spinner label="Loading certificates…" />}
      {list.status === 'error' && <ErrorBox message="Failed to load certificates. Please try again." onRetry={list.reload} />}
      {list.status === 'ready' && (
        <>
          <ResultCount shown={rows.length} total={list.data.length} noun="certificates" />
          <DataTable
            label="Certificates"
            rows={rows}
            rowKey={(c) => c.id}
            href={(c) => `/admin/certificates/${c.id}`}
            primary={{ header: 'Certificate', cell: (c) => c.name, className: 'min-w-40' }}
            columns={[
              { header: 'Description', cell: (c) => <span className="line-clamp-2">{c.description}</span>, className: 'max-w-md' },
              {
                header: 'Icon Type',
                cell: (c) => (
                  <span className="inline-flex items-center gap-2 whitespace-nowrap">
                    <span aria-hidden="true" className={`size-3 rounded-full ${iconTypeSwatch(c.icon_type)}`} />
                    {iconTypeLabel(c.icon_type)}
                  </span>
                ),
              },
              { header: 'Brands', cell: (c) => plural(c.company_count, 'brand', 'brands'), className: 'whitespace-nowrap' },
            ]}
            empty={query.trim() ? `No certificates found matching "${query.trim()}".` : 'No certificates yet.'}
          />
        </>
      )}
    </>
  );
}
