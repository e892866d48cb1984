// /admin/categories: Category, Slug, Image, Subcategories, Companies; searched, sorted and paged on the
// server; export, import, add.
import { useState } from 'react';
import { api, call } from '../api.ts';
import { ListView } from '../DataTable.tsx';
import { takeFlash } from '../flash.ts';
import { useImportExport } from '../ImportExport.tsx';
import { Link } from '../router.tsx';
import { Notice, PageHeader, buttonStyles, plural } from '../ui.tsx';
import { useList } from '../use-list.ts';

export function CategoriesList() {
  const state = useList((query, signal) => call(api.api.admin.categories.$get({ query }, { init: { signal } })), 'name');
  const [flash, setFlash] = useState(takeFlash);
  const { buttons, notice } = useImportExport('categories', state.reload);

  return (
    <>
      <PageHeader
        title="Categories"
        actions={
          <>
            {buttons}
            <Link to="/admin/categories/new" className={buttonStyles.primary}>
              <span aria-hidden="true">+</span> Add Category
            </Link>
          </>
        }
      />
      {flash && (
        <div className="mb-4">
          <Notice tone="success" onDismiss={() => setFlash(undefined)}>
            {flash}
          </Notice>
        </div>
      )}
      {notice}
      <ListView
        state={state}
        noun="categories"
        none="No categories yet."
        searchLabel="Search categories"
        searchPlaceholder="Search categories or subcategories…"
        label="Categories"
        rowKey={(c) => c.id}
        href={(c) => `/admin/categories/${c.id}`}
        primary={{ header: 'Category', cell: (c) => c.name, sort: 'name' }}
        columns={[
          { header: 'Slug', cell: (c) => <code className="text-xs break-all text-slate-600">{c.slug}</code>, sort: 'slug' },
          {
            header: 'Image',
            cell: (c) =>
              c.image_url ? (
                <img src={c.image_url} alt="" width={48} height={32} loading="lazy" className="h-8 w-12 rounded border border-slate-200 bg-slate-100 object-cover" />
              ) : (
                '-'
              ),
          },
          {
            header: 'Subcategories',
            cell: (c) => (c.subcategories.length ? c.subcategories.map((s) => s.name).join(', ') : '-'),
            className: 'max-w-sm',
          },
          { header: 'Companies', cell: (c) => plural(c.company_count, 'company', 'companies'), className: 'whitespace-nowrap', sort: 'companies' },
        ]}
      />
    </>
  );
}
