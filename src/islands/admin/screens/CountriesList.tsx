// /admin/countries: the 53 fixed countries (flag and name, code, companies); search by name or code.
// Countries are only edited, never added.
import { useMemo, useState } from 'react';
import { api, call } from '../api.ts';
import { DataTable, ResultCount } from '../DataTable.tsx';
import { takeFlash } from '../flash.ts';
import { matches } from '../text.ts';
import { ErrorBox, Notice, PageHeader, SearchBox, Spinner } from '../ui.tsx';
import { useLoad } from '../use-load.ts';

export function CountriesList() {
  const list = useLoad((signal) => call(api.api.admin.countries.$get(undefined, { init: { signal } })), []);
  const [query, setQuery] = useState('');
  const [flash, setFlash] = useState(takeFlash);
  const rows = useMemo(() => (list.status === 'ready' ? list.data.filter((c) => matches(query, c.name, c.code)) : []), [list, query]);

  return (
    <>
      <PageHeader title="Countries" />
      {flash && (
        <div className="mb-4">
          <Notice tone="success" onDismiss={() => setFlash(undefined)}>
            {flash}
          </Notice>
        </div>
      )}
      <SearchBox value={query} onChange={setQuery} label="Search countries by name or code" placeholder="Search countries…" />
      {list.status === 'loading' && <Spinner label="Loading countries…" />}
      {list.status === 'error' && <ErrorBox message="Failed to load countries. Please try again." onRetry={list.reload} />}
      {list.status === 'ready' && (
        <>
          <ResultCount shown={rows.length} total={list.data.length} noun="countries" />
          <DataTable
            label="Countries"
            rows={rows}
            rowKey={(c) => c.code}
            href={(c) => `/admin/countries/${c.code}`}
            primary={{
              header: 'Country',
              cell: (c) => (
                <span className="inline-flex items-center gap-2">
                  <span aria-hidden="true" className="text-lg">
                    {c.flag}
                  </span>
                  {c.name}
                </span>
              ),
            }}
            columns={[
              { header: 'Code', cell: (c) => <code className="text-xs">{c.code}</code> },
              { header: 'Region', cell: (c) => c.region, className: 'hidden md:table-cell' },
              { header: 'EU', cell: (c) => (c.is_eu_member ? 'EU member' : '-'), className: 'hidden md:table-cell whitespace-nowrap' },
              {
                header: 'Tax rate',
                cell: (c) => (c.corporate_tax_rate === null ? '-' : `${c.corporate_tax_rate}%`),
                className: 'hidden lg:table-cell text-right tabular-nums',
              },
              { header: 'Companies', cell: (c) => c.company_count, className: 'text-right tabular-nums' },
            ]}
            empty={`No countries found matching "${query.trim()}".`}
          />
        </>
      )}
    </>
  );
}
