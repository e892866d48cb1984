// A country flag on admin screens: the site's own SVG (src/pages/flags/[code].svg.ts), like the public
// pages; emoji flags show as two letters on Windows and as boxes without an emoji font. Decorative:
// every admin screen writes the country's code or name beside it.
import { flagSrc } from '../../lib/countries.ts';

export function Flag({ code }: { code: string | null | undefined }) {
  return <img src={flagSrc(code)} alt="" width={20} height={15} loading="lazy" className="inline-block h-[15px] w-5 shrink-0 rounded-sm object-cover align-[-2px]" />;
}
