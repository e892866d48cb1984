// /admin/countries: the fixed countries (flag and name, code, companies); searched by name or code,
// sorted and paged on the server. Countries are only edited, never added.
import { api, call } from '../api.ts';
import { ListScreen } from '../ListScreen.tsx';
import { Flag } from '../Flag.tsx';

export function CountriesList() {
  return (
    <ListScreen
      title="Countries"
      load={(query, signal) => call(api.api.admin.countries.$get({ query }, { init: { signal } }))}
      defaultSort="name"
      // The fixed list (a few dozen countries) fits on one page.
      perPage={100}
      none="No countries."
      searchLabel="Search countries by name or code"
      searchPlaceholder="Search countries…"
      rowKey={(c) => c.code}
      primary={{
        header: 'Country',
        sort: 'name',
        cell: (c) => (
          <span className="inline-flex items-center gap-2">
            <Flag code={c.code} />
            {c.name}
          </span>
        ),
      }}
      columns={[
        { header: 'Code', cell: (c) => <code className="text-xs">{c.code}</code>, sort: 'code' },
        { header: 'Region', cell: (c) => c.region, className: 'hidden md:table-cell', sort: 'region' },
        { header: 'EU', cell: (c) => (c.is_eu_member ? 'EU member' : '-'), className: 'hidden md:table-cell whitespace-nowrap' },
        {
          header: 'Tax rate',
          cell: (c) => (c.corporate_tax_rate === null ? '-' : `${c.corporate_tax_rate}%`),
          className: 'hidden lg:table-cell text-right tabular-nums',
          sort: 'tax_rate',
        },
        { header: 'Companies', cell: (c) => c.company_count, className: 'sm:text-right tabular-nums', sort: 'companies' },
      ]}
    />
  );
}
