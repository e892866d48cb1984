// /admin/certificates: Certificate, Description, Icon Type, Brands; searched by name or description,
// sorted and paged on the server.
import { api, call } from '../api.ts';
import { iconTypeLabel, iconTypeSwatch } from '../icon-types.ts';
import { ListScreen } from '../ListScreen.tsx';
import { plural } from '../ui.tsx';

export function CertificatesList() {
  return (
    <ListScreen
      title="Certificates"
      load={(query, signal) => call(api.api.admin.certificates.$get({ query }, { init: { signal } }))}
      defaultSort="name"
      add="Add Certificate"
      searchLabel="Search certificates by name or description"
      searchPlaceholder="Search certificates…"
      primary={{ header: 'Certificate', cell: (c) => c.name, className: 'sm:min-w-40', sort: 'name' }}
      columns={[
        { header: 'Description', cell: (c) => <span className="line-clamp-2">{c.description}</span>, className: 'max-w-md' },
        {
          header: 'Icon Type',
          sort: 'icon_type',
          cell: (c) => (
            <span className="inline-flex items-center gap-2 whitespace-nowrap">
              <span aria-hidden="true" className={`size-3 rounded-full ${iconTypeSwatch(c.icon_type)}`} />
              {iconTypeLabel(c.icon_type)}
            </span>
          ),
        },
        { header: 'Brands', cell: (c) => plural(c.company_count, 'brand', 'brands'), className: 'whitespace-nowrap', sort: 'companies' },
      ]}
    />
  );
}
