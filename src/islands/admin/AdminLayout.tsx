// The frame of every signed-in admin screen: brand, section tabs, publish status, the signed-in
// account and "Sign out".
import { useState, type ReactNode } from 'react';
import { failure } from './api.ts';
import { PublishFailure, PublishStatusBar } from './publish.tsx';
import { Link, useLocation } from './router.tsx';
import { useSession } from './session.tsx';
import { useAccount } from './account.ts';
import { Button, focusRing } from './ui.tsx';

export const TABS = [
  { path: '/admin/companies', label: 'Companies' },
  { path: '/admin/products', label: 'Products' },
  { path: '/admin/categories', label: 'Categories' },
  { path: '/admin/certificates', label: 'Certificates' },
  { path: '/admin/guides', label: 'Guides' },
  { path: '/admin/countries', label: 'Countries' },
  { path: '/admin/history', label: 'History' },
] as const;

/** More tabs: data health and visitors' suggestions for everyone, user management for owners only. */
const MORE_TABS = [
  { path: '/admin/data-health', label: 'Data health' },
  { path: '/admin/suggestions', label: 'Suggestions' },
] as const;
const OWNER_TABS = [{ path: '/admin/users', label: 'Users' }] as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  const { path } = useLocation();
  const session = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string>();
  const email = session.state.status === 'signed-in' ? session.state.email : '';
  const account = useAccount();
  const isOwner = account.status === 'ready' && account.data.role === 'owner';

  async function signOut() {
    setSigningOut(true);
    setSignOutError(undefined);
    try {
      await session.signOut();
    } catch (error) {
      setSignOutError(failure('Failed to sign out. Please try again.', error));
      setSigningOut(false);
    }
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-eu-blue focus:px-4 focus:py-2 focus:font-semibold focus:text-white"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4">
          <div className="flex flex-wrap items-center justify-between gap-3 pt-4 pb-3">
            <div className="flex items-center gap-3">
              <span aria-hidden="true" className="grid size-9 place-items-center rounded-lg bg-eu-blue text-lg font-bold text-eu-gold">
                ★
              </span>
              <div className="leading-tight">
                <p className="font-semibold text-slate-900">European Alternatives</p>
                <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Admin</p>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <a href="/" className={`rounded font-medium text-eu-blue hover:underline ${focusRing}`}>
                View site <span aria-hidden="true">↗</span>
              </a>
              <Link to="/admin/account" className={`rounded font-medium text-slate-700 hover:text-eu-blue hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center ${focusRing}`} data-admin-email>
                <span className="sr-only sm:not-sr-only">{email}</span>
                <span className="sm:sr-only">Account</span>
              </Link>
              <Button onClick={() => void signOut()} disabled={signingOut} className="!px-3 !py-1.5">
                {signingOut ? 'Signing out…' : 'Sign out'}
              </Button>
            </div>
          </div>
          {signOutError && (
            <p role="alert" className="pb-2 text-sm text-red-700">
              {signOutError}
            </p>
          )}
          <div className="flex flex-wrap-reverse items-end justify-between gap-x-6 gap-y-2">
            <nav aria-label="Admin sections" className="-mb-px">
              <ul className="flex gap-1 overflow-x-auto max-sm:flex-wrap">
                {[...TABS, ...MORE_TABS, ...(isOwner ? OWNER_TABS : [])].map((tab) => {
                  const current = path === tab.path || path.startsWith(`${tab.path}/`);
                  return (
                    <li key={tab.path}>
                      <Link
                        to={tab.path}
                        aria-current={current ? 'page' : undefined}
                        className={`block rounded-t-md border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap ${focusRing} ${
                          current ? 'border-eu-blue text-eu-blue' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                        }`}
                      >
                        {tab.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <div className="pb-2">
              <PublishStatusBar />
            </div>
          </div>
        </div>
      </header>
      <PublishFailure />
      <main id="admin-main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
