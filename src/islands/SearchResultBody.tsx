// How one search result looks, in the search box's list and on the results page: a product with its
// maker and how many European alternatives its page compares, a company with its flag, category and
// the flags of its alternatives' countries, a category or subcategory.
import type { SearchResult } from './search-engine.ts';
import type { SearchTexts } from '../lib/data-format.ts';
import { flagSrc } from './flag.ts';
import { fill } from './search-links.ts';

function Flag({ code, name, className = '' }: { code: string; name: string; className?: string }) {
  return <img src={flagSrc(code)} alt={name || '?'} width={21} height={16} decoding="async" className={`flag ${className}`} />;
}

/** "by Google · 7 European alternatives": who makes a product, and how many alternatives its page lists. */
export function productLine(item: Extract<SearchResult, { type: 'product' }>, strings: Pick<SearchTexts, 'productOf' | 'productAlternatives' | 'productAlternativesOne'>): string {
  const by = fill(strings.productOf, { company: item.company.name });
  if (!item.page) return by;
  return `${by} · ${item.alternatives === 1 ? strings.productAlternativesOne : fill(strings.productAlternatives, { count: item.alternatives })}`;
}

export function ResultBody({ item, texts: strings, countryName }: { item: SearchResult; texts: SearchTexts; countryName: (code: string) => string }) {
  if (item.type === 'product') {
    return (
      <>
        <Flag code={item.country} name={countryName(item.country)} className="mt-0.5" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{item.name}</span>
          <span className="line-clamp-2 text-xs text-slate-500 dark:text-slate-400">{productLine(item, strings)}</span>
        </span>
      </>
    );
  }
  if (item.type === 'company') {
    return (
      <>
        <Flag code={item.country} name={countryName(item.country)} className="mt-0.5" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{item.name}</span>
          {item.foreignOwner && (
            <span className="mt-0.5 inline-block rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" data-foreign-owner>
              {strings.foreignOwner}
            </span>
          )}
          {item.category && <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{item.category}</span>}
        </span>
        {item.alternatives.length > 0 && (
          <span className="flex shrink-0 items-center gap-0.5 text-base leading-none" title={strings.alternatives}>
            <span className="sr-only">{strings.alternatives}</span>
            <span aria-hidden="true" className="mr-1 text-xs text-slate-400">
              →
            </span>
            {item.alternatives.map((code) => (
              <Flag key={code} code={code} name={countryName(code)} />
            ))}
          </span>
        )}
      </>
    );
  }
  const icon =
    item.type === 'category' ? (
      <path d="M4 5h6v6H4zM14 5h6v6h-6zM4 15h6v6H4zM14 15h6v6h-6z" />
    ) : (
      <path d="M4 7h10M4 12h16M4 17h12" />
    );
  return (
    <>
      <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-eu-blue/10 text-eu-blue dark:bg-blue-400/15 dark:text-blue-300" aria-hidden="true">
        <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" aria-hidden="true">
          {icon}
        </svg>
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{item.name}</span>
        {item.type === 'subcategory' && item.category.name && (
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{fill(strings.inCategory, { category: item.category.name })}</span>
        )}
      </span>
    </>
  );
}
