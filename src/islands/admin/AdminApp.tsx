// The admin back office: one React island on /admin that routes every /admin/* path in the browser.
// /admin is the sign-in page; every other admin path needs a session (checked with a spinner first)
// and otherwise goes to /admin, remembering where the user wanted to go.
import { useEffect, type ReactNode } from 'react';
import { AdminLayout } from './AdminLayout.tsx';
import { PublishProvider } from './publish.tsx';
import { Link, matchRoute, navigate, useLocation } from './router.tsx';
import { SessionProvider, useSession } from './session.tsx';
import { ErrorBox, FullPageSpinner, PageHeader, buttonStyles } from './ui.tsx';
import { SignIn } from './screens/SignIn.tsx';
import { CompaniesList } from './screens/CompaniesList.tsx';
import { CompanyForm } from './screens/CompanyForm.tsx';
import { ProductsList } from './screens/ProductsList.tsx';
import { ProductForm } from './screens/ProductForm.tsx';
import { CategoriesList } from './screens/CategoriesList.tsx';
import { CategoryForm } from './screens/CategoryForm.tsx';
import { CertificatesList } from './screens/CertificatesList.tsx';
import { CertificateForm } from './screens/CertificateForm.tsx';
import { CountriesList } from './screens/CountriesList.tsx';
import { CountryForm } from './screens/CountryForm.tsx';
import { GuidesList } from './screens/GuidesList.tsx';
import { GuideForm } from './screens/GuideForm.tsx';
import { HistoryScreen } from './screens/HistoryScreen.tsx';
import { Account } from './screens/Account.tsx';
import { DataHealth } from './screens/DataHealth.tsx';
import { Invite } from './screens/Invite.tsx';
import { Users } from './screens/Users.tsx';
import { Suggestions } from './screens/Suggestions.tsx';
import { SuggestionApply } from './screens/SuggestionApply.tsx';

type Params = Record<string, string>;

/** The signed-in screens; the first matching pattern wins ("new" before ":id"). */
const ROUTES: [pattern: string, render: (params: Params) => ReactNode][] = [
  ['/admin/companies', () => <CompaniesList />],
  ['/admin/companies/new', () => <CompanyForm key="new" />],
  ['/admin/companies/:id', (p) => <CompanyForm key={p.id} id={p.id} />],
  ['/admin/products', () => <ProductsList />],
  ['/admin/products/new', () => <ProductForm key="new" />],
  ['/admin/products/:id', (p) => <ProductForm key={p.id} id={p.id} />],
  ['/admin/categories', () => <CategoriesList />],
  ['/admin/categories/new', () => <CategoryForm key="new" />],
  ['/admin/categories/:id', (p) => <CategoryForm key={p.id} id={p.id} />],
  ['/admin/certificates', () => <CertificatesList />],
  ['/admin/certificates/new', () => <CertificateForm key="new" />],
  ['/admin/certificates/:id', (p) => <CertificateForm key={p.id} id={p.id} />],
  ['/admin/guides', () => <GuidesList />],
  ['/admin/guides/new', () => <GuideForm key="new" />],
  ['/admin/guides/:id', (p) => <GuideForm key={p.id} id={p.id} />],
  ['/admin/countries', () => <CountriesList />],
  ['/admin/countries/:code', (p) => <CountryForm key={p.code} code={p.code} />],
  ['/admin/history', () => <HistoryScreen />],
  ['/admin/data-health', () => <DataHealth />],
  ['/admin/suggestions', () => <Suggestions />],
  ['/admin/suggestions/:id/apply', (p) => <SuggestionApply key={p.id} id={p.id} />],
  ['/admin/users', () => <Users />],
  ['/admin/account', () => <Account />],
];

const SIGN_IN_PATHS = new Set(['/admin', '/admin.html', '/admin/index.html']);

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return <FullPageSpinner label="Redirecting…" />;
}

function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p className="mb-4 text-slate-700">There is no admin page at this address.</p>
      <Link to="/admin/companies" className={buttonStyles.primary}>
        Go to Companies
      </Link>
    </>
  );
}

function Screens() {
  const { path, href } = useLocation();
  const session = useSession();
  const { state } = session;

  if (SIGN_IN_PATHS.has(path)) return <SignIn />;
  // An invitation link works without a session.
  const invite = matchRoute('/admin/invite/:token', path);
  if (invite) return <Invite key={invite.token} token={invite.token} />;
  if (state.status === 'checking') return <FullPageSpinner label="Checking your session…" />;
  if (state.status === 'unreachable') {
    return (
      <div className="mx-auto max-w-md px-4 py-24">
        <ErrorBox message={state.message} onRetry={() => void session.check()} />
      </div>
    );
  }
  if (state.status === 'signed-out') return <Redirect to={`/admin?from=${encodeURIComponent(href)}`} />;

  let screen: ReactNode = <NotFound />;
  for (const [pattern, render] of ROUTES) {
    const params = matchRoute(pattern, path);
    if (params) {
      screen = render(params);
      break;
    }
  }
  return (
    <PublishProvider>
      <AdminLayout>{screen}</AdminLayout>
    </PublishProvider>
  );
}

export default function AdminApp() {
  return (
    <SessionProvider>
      <Screens />
    </SessionProvider>
  );
}
