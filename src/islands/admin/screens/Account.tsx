// /admin/account (every admin): who I am, change my password (current one required; every other session
// ends), and "Sign out other sessions".
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ROLE_HINTS, ROLE_LABELS, changePasswordSchema } from '../../../lib/schemas/users.ts';
import { ApiError, api, call, failure } from '../api.ts';
import { useAccount } from '../account.ts';
import { showServerIssues } from '../form-errors.ts';
import { Button, ErrorBox, Field, Notice, PageHeader, Section, Spinner, inputClass, plural } from '../ui.tsx';

const formSchema = changePasswordSchema
  .extend({ confirm_password: z.string() })
  .refine((v) => v.confirm_password === v.new_password, { path: ['confirm_password'], message: 'The two new passwords do not match' });
type FormInput = z.input<typeof formSchema>;

function PasswordForm({ onChanged }: { onChanged: (signedOut: number) => void }) {
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput>({ resolver: zodResolver(formSchema), defaultValues: { current_password: '', new_password: '', confirm_password: '' } });

  async function onSubmit(values: FormInput) {
    setServerError(undefined);
    try {
      const result = await call(api.api.account.password.$put({ json: { current_password: values.current_password, new_password: values.new_password } }));
      reset();
      onChanged(result.signed_out);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && showServerIssues(error, setError, (p) => p === 'current_password' || p === 'new_password')) return;
      setServerError(failure('Failed to change the password.', error));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="max-w-md space-y-4">
      <Field id="account-current" label="Current password" required error={errors.current_password?.message}>
        {(attrs) => <input {...attrs} type="password" autoComplete="current-password" className={inputClass} {...register('current_password')} />}
      </Field>
      <Field id="account-new" label="New password" required error={errors.new_password?.message} hint="At least 12 characters; not a common password. A few random words work well.">
        {(attrs) => <input {...attrs} type="password" autoComplete="new-password" className={inputClass} {...register('new_password')} />}
      </Field>
      <Field id="account-confirm" label="Repeat the new password" required error={errors.confirm_password?.message}>
        {(attrs) => <input {...attrs} type="password" autoComplete="new-password" className={inputClass} {...register('confirm_password')} />}
      </Field>
      {serverError && <Notice tone="error">{serverError}</Notice>}
      <Button type="submit" variant="primary" disabled={isSubmitting}>
        {isSubmitting ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}

export function Account() {
  const account = useAccount();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function signOutOthers() {
    setBusy(true);
    setMessage(undefined);
    try {
      const result = await call(api.api.account['sign-out-others'].$post());
      setMessage({ tone: 'success', text: result.signed_out ? `Signed out ${plural(result.signed_out, 'other session', 'other sessions')}.` : 'There were no other sessions.' });
      account.reload();
    } catch (error) {
      setMessage({ tone: 'error', text: failure('Failed to sign out the other sessions.', error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title="Your account" />
      {account.status === 'loading' && <Spinner label="Loading your account…" />}
      {account.status === 'error' && <ErrorBox message="Failed to load your account. Please try again." onRetry={account.reload} />}
      {account.status === 'ready' && (
        <div className="space-y-6">
          {message && (
            <Notice tone={message.tone} onDismiss={() => setMessage(undefined)}>
              {message.text}
            </Notice>
          )}
          <Section id="account-who" title="Signed in as">
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-slate-700">Email</dt>
              <dd className="break-all text-slate-900" data-account-email>
                {account.data.email}
              </dd>
              <dt className="font-medium text-slate-700">Role</dt>
              <dd className="text-slate-900">
                {ROLE_LABELS[account.data.role]}: {ROLE_HINTS[account.data.role]}
              </dd>
              <dt className="font-medium text-slate-700">Sessions</dt>
              <dd className="text-slate-900" data-account-sessions>
                {plural(account.data.sessions, 'open session', 'open sessions')} (this one included)
              </dd>
            </dl>
            <div className="mt-4">
              <Button onClick={() => void signOutOthers()} disabled={busy}>
                {busy ? 'Signing out…' : 'Sign out other sessions'}
              </Button>
            </div>
          </Section>
          <Section id="account-password" title="Change password" description="Every other session of your account is signed out; this one stays signed in.">
            <PasswordForm
              onChanged={(n) => {
                setMessage({ tone: 'success', text: `Password changed.${n ? ` Signed out ${plural(n, 'other session', 'other sessions')}.` : ''}` });
                account.reload();
              }}
            />
          </Section>
        </div>
      )}
    </>
  );
}
