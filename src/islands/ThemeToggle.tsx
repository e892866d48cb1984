// The dark-mode switch. The theme itself is applied before first paint by the inline script in
// Head.astro; this button only flips it and saves the choice under "darkMode" (SPEC section 9).
import { useEffect, useState } from 'react';

interface Props {
  /** accessible name of the switch, e.g. "Dark mode" */
  label: string;
}

const root = () => document.documentElement;
const isDark = () => root().dataset.theme === 'dark';

export default function ThemeToggle({ label }: Props) {
  // Unknown until hydrated: the server cannot know the visitor's theme, so the icons follow CSS.
  const [dark, setDark] = useState<boolean | undefined>(undefined);

  useEffect(() => {
    setDark(isDark());
    // The head script also changes the theme (system preference, other tabs): mirror it.
    const observer = new MutationObserver(() => setDark(isDark()));
    observer.observe(root(), { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);

  function toggle() {
    const next = !isDark();
    root().dataset.theme = next ? 'dark' : 'light';
    try {
      localStorage.setItem('darkMode', String(next));
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      aria-label={label}
      title={label}
      data-theme-toggle
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-eu-blue focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-eu-blue dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-eu-gold dark:focus-visible:outline-eu-gold"
    >
      {/* Moon in light mode (switch to dark), sun in dark mode. */}
      <svg className="size-5 dark:hidden" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
      <svg className="hidden size-5 dark:block" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    </button>
  );
}
