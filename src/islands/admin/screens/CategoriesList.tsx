// /admin/categories: Category, Slug, Image, Subcategories, Companies; searched, sorted and paged on the
// server; export, import, add.
import { api, call } from '../api.ts';
import { ListScreen } from '../ListScreen.tsx';
import { plural } from '../ui.tsx';

export function CategoriesList() {
  return (
    <ListScreen
      title="Categories"
      load={(query, signal) => call(api.api.admin.categories.$get({ query }, { init: { signal } }))}
      defaultSort="name"
      importExport="categories"
      add="Add Category"
      searchLabel="Search categories"
      searchPlaceholder="Search categories or subcategories…"
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
  );
}
