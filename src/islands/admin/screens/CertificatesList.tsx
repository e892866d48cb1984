// /admin/certificates: Certificate, Description, Icon Type, Brands; searched by name or description,
// sorted and paged on the server.
import { useState } from 'react';
import { api, call } from '../api.ts';
import { ListView } from '../DataTable.tsx';
import { takeFlash } from '../flash.ts';
import { iconTypeLabel, iconTypeSwatch } from '../icon-types.ts';
import { Link } from '../router.tsx';
import { Notice, PageHeader, buttonStyles, plural } from '../ui.tsx';
import { useList } from '../use-list.ts';

export function CertificatesList() {
  const state = useList((query, signal) => call(api.api.admin.certificates.$get({ query }, { init: { signal } })), 'name');
  const [flash, setFlash] = useState(takeFlash);

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
      <ListView
        state={state}
        noun="certificates"
        none="No certificates yet."
        searchLabel="Search certificates by name or description"
        searchPlaceholder="Search certificates…"
        label="Certificates"
        rowKey={(c) => c.id}
        href={(c) => `/admin/certificates/${c.id}`}
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
    </>
  );
}
