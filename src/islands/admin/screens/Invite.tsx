// /admin/invite/{token} (no session needed): the invited person chooses a password (the same rules as
// admin:create) and is signed in with the role they were invited for.
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ROLE_LABELS, acceptInviteSchema } from '../../../lib/schemas/users.ts';
import { ApiError, api, call, failure } from '../api.ts';
import { formatDateTime } from '../account.ts';
import { showServerIssues } from '../form-errors.ts';
import { navigate } from '../router.tsx';
import { useSession } from '../session.tsx';
import { Button, ErrorBox, Field, FullPageSpinner, Notice, PageTitle, inputClass } from '../ui.tsx';
import { useLoad } from '../use-load.ts';

const formSchema = acceptInviteSchema
  .extend({ confirm_password: z.string() })
  .refine((v) => v.confirm_password === v.password, { path: ['confirm_password'], message: 'The two passwords do not match' });
type FormInput = z.input<typeof formSchema>;

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-3">
          <span aria-hidden="true" className="grid size-10 place-items-center rounded-lg bg-eu-blue text-xl font-bold text-eu-gold">
            ★
          </span>
          <p className="text-lg font-semibold text-slate-900">European Alternatives</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </div>
    </main>
  );
}

export function Invite({ token }: { token: string }) {
  const session = useSession();
  const invitation = useLoad((signal) => call(api.api.invite[':token'].$get({ param: { token } }, { init: { signal } })), [token]);
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput>({ resolver: zodResolver(formSchema), defaultValues: { password: '', confirm_password: '' } });

  async function onSubmit(values: FormInput) {
    setServerError(undefined);
    try {
      await call(api.api.invite[':token'].$post({ param: { token }, json: { password: values.password } }));
      await session.check();
      navigate('/admin/companies', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && showServerIssues(error, setError, (p) => p === 'password')) return;
      setServerError(failure('Failed to create your account.', error));
    }
  }

  if (invitation.status === 'loading') return <FullPageSpinner label="Checking your invitation…" />;
  if (invitation.status === 'error') {
    const message = invitation.error instanceof ApiError && invitation.error.status > 0 && invitation.error.status < 500 ? invitation.error.message : 'Could not check your invitation.';
    return (
      <Frame>
        <PageTitle>Invitation</PageTitle>
        <div className="mt-4">
          <ErrorBox message={message} />
        </div>
        <p className="mt-4 text-sm">
          <a href="/admin" className="font-medium text-eu-blue hover:underline">
            Go to sign-in
          </a>
        </p>
      </Frame>
    );
  }
  const { email, role, expires_at } = invitation.data;
  return (
    <Frame>
      <PageTitle>Create your admin account</PageTitle>
      <p className="mt-1 mb-6 text-sm text-slate-600">
        You were invited as <strong>{ROLE_LABELS[role]}</strong>. This link works once and expires on {formatDateTime(expires_at)}.
      </p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
        <Field id="invite-email" label="Email">
          {(attrs) => <input {...attrs} type="email" autoComplete="email" readOnly value={email} className={`${inputClass} bg-slate-50`} />}
        </Field>
        <Field id="invite-password" label="Choose a password" required error={errors.password?.message} hint="At least 12 characters; not a common password. A few random words work well.">
          {(attrs) => <input {...attrs} type="password" autoComplete="new-password" className={inputClass} {...register('password')} />}
        </Field>
        <Field id="invite-confirm" label="Repeat the password" required error={errors.confirm_password?.message}>
          {(attrs) => <input {...attrs} type="password" autoComplete="new-password" className={inputClass} {...register('confirm_password')} />}
        </Field>
        {serverError && <Notice tone="error">{serverError}</Notice>}
        <Button type="submit" variant="primary" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account and sign in'}
        </Button>
      </form>
    </Frame>
  );
}
