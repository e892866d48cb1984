// /admin: email + password sign-in (README, "Security"). An existing session goes straight on; after a
// successful sign-in 'Login successful! Redirecting...' shows for a second before the page the user
// first asked for (or the companies list).
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, type SignInInput } from '../../../lib/schemas/auth.ts';
import { ApiError } from '../api.ts';
import { showServerIssues } from '../form-errors.ts';
import { navigate, safeReturnPath, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';
import { Button, Field, FullPageSpinner, Notice, PageTitle, inputClass } from '../ui.tsx';

export const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.';
export const LOGIN_SUCCESS = 'Login successful! Redirecting...';
const REDIRECT_DELAY_MS = 1000;

export function SignIn() {
  const { search } = useLocation();
  const session = useSession();
  const target = safeReturnPath(search.get('from'));
  const [serverError, setServerError] = useState<string>();
  const [succeeded, setSucceeded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  // Already signed in (or signed in from another tab): no sign-in form.
  const signedIn = session.state.status === 'signed-in';
  useEffect(() => {
    if (signedIn && !succeeded) navigate(target, { replace: true });
  }, [signedIn, succeeded, target]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const clearServerError = () => setServerError(undefined);

  async function onSubmit(values: SignInInput) {
    setServerError(undefined);
    try {
      await session.signIn(values.email, values.password);
      setSucceeded(true);
      timer.current = setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && showServerIssues(error, setError, (p) => p === 'email' || p === 'password')) return;
      setServerError(error instanceof ApiError && error.message ? error.message : INVALID_CREDENTIALS);
    }
  }

  if (session.state.status === 'checking' || (signedIn && !succeeded)) return <FullPageSpinner label="Checking your session…" />;

  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-3">
          <span aria-hidden="true" className="grid size-10 place-items-center rounded-lg bg-eu-blue text-xl font-bold text-eu-gold">
            ★
          </span>
          <p className="text-lg font-semibold text-slate-900">European Alternatives</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <PageTitle>Admin sign-in</PageTitle>
          <p className="mt-1 mb-6 text-sm text-slate-600">Sign in to curate companies, categories, certificates and countries.</p>
          {session.state.status === 'unreachable' && (
            <div className="mb-4">
              <Notice tone="error">{session.state.message}</Notice>
            </div>
          )}
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
            <Field id="signin-email" label="Email" required error={errors.email?.message}>
              {(attrs) => (
                <input {...attrs} type="email" autoComplete="username" className={inputClass} {...register('email', { onChange: clearServerError })} />
              )}
            </Field>
            <Field id="signin-password" label="Password" required error={errors.password?.message}>
              {(attrs) => (
                <input {...attrs} type="password" autoComplete="current-password" className={inputClass} {...register('password', { onChange: clearServerError })} />
              )}
            </Field>
            {serverError && <Notice tone="error">{serverError}</Notice>}
            {succeeded && <Notice tone="success">{LOGIN_SUCCESS}</Notice>}
            <Button type="submit" variant="primary" className="w-full" disabled={isSubmitting || succeeded}>
              {isSubmitting ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        </div>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="font-medium text-eu-blue hover:underline">
            ← Back to the public site
          </a>
        </p>
      </div>
    </main>
  );
}
