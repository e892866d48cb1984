// /admin/categories: Category, Slug, Image, Subcategories, Companies; search, export, import, add.
import { useMemo, useState } from 'react';
import { api, call } from '../api.ts';
import { DataTable, ResultCount } from '../DataTable.tsx';
import { takeFlash } from '../flash.ts';
import { useImportExport } from '../ImportExport.tsx';
import { Link } from '../router.tsx';
import { matches } from '../text.ts';
import { ErrorBox, Notice, PageHeader, SearchBox, Spinner, buttonStyles, plural } from '../ui.tsx';
import { useLoad } from '../use-load.ts';

export function CategoriesList() {
  const list = useLoad((signal) => call(api.api.admin.categories.$get(undefined, { init: { signal } })), []);
  const [query, setQuery] = useState('');
  const [flash, setFlash] = useState(takeFlash);
  const { buttons, notice } = useImportExport('categories', list.reload);
  const rows = useMemo(
    () => (list.status === 'ready' ? list.data.filter((c) => matches(query, c.name, c.slug, ...c.subcategories.map((s) => s.name))) : []),
    [list, query],
  );

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
      <SearchBox value={query} onChange={setQuery} label="Search categories" placeholder="Search categories or subcategories…" />
      {list.status === 'loading' && <Spinner label="Loading categories…" />}
      {list.status === 'error' && <ErrorBox message="Failed to load categories. Please try again." onRetry={list.reload} />}
      {list.status === 'ready' && (
        <>
          <ResultCount shown={rows.length} total={list.data.length} noun="categories" />
          <DataTable
            label="Categories"
            rows={rows}
            rowKey={(c) => c.id}
            href={(c) => `/admin/categories/${c.id}`}
            primary={{ header: 'Category', cell: (c) => c.name }}
            columns={[
              { header: 'Slug', cell: (c) => <code className="text-xs text-slate-600">{c.slug}</code> },
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
              { header: 'Companies', cell: (c) => plural(c.company_count, 'company', 'companies'), className: 'whitespace-nowrap' },
            ]}
            empty={query.trim() ? `No categories found matching "${query.trim()}".` : 'No categories yet.'}
          />
        </>
      )}
    </>
  );
}
