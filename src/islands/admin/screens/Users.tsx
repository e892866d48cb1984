// /admin/users (owners): invite an editor or owner with a one-time link (shown once, with a copy button),
// the open invitations, and the admins (paged, searchable) with their role and "Remove".
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_ROLES } from '../../../../db/enums.ts';
import { ROLE_HINTS, ROLE_LABELS, inviteSchema, type InviteInput } from '../../../lib/schemas/users.ts';
import { ApiError, api, call, failure } from '../api.ts';
import { formatDateTime, useAccount } from '../account.ts';
import { ListView } from '../DataTable.tsx';
import { showServerIssues } from '../form-errors.ts';
import { Button, ErrorBox, Field, Notice, PageHeader, Section, Spinner, inputClass } from '../ui.tsx';
import { useList } from '../use-list.ts';
import { useLoad } from '../use-load.ts';

interface Created {
  email: string;
  role: string;
  url: string;
  expires_at: string;
}

function OneTimeLink({ invitation, onDone }: { invitation: Created; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(invitation.url);
      setCopied('yes');
    } catch {
      // No clipboard permission: select the text so Ctrl+C / long-press copies it.
      input.current?.select();
      setCopied('failed');
    }
  }
  return (
    <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-900" data-invite-link>
      <p className="font-semibold">
        Invitation for {invitation.email} ({ROLE_LABELS[invitation.role as keyof typeof ROLE_LABELS] ?? invitation.role}) created.
      </p>
      <p className="mt-1 text-sm">
        Send this link to them yourself. <strong>It is shown only this once</strong>, works once, and expires on {formatDateTime(invitation.expires_at)}.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="invite-link" className="sr-only">
          Invitation link
        </label>
        <input ref={input} id="invite-link" readOnly value={invitation.url} onFocus={(e) => e.target.select()} className={`${inputClass} font-mono text-xs`} />
        <Button variant="primary" onClick={() => void copy()} className="shrink-0">
          {copied === 'yes' ? 'Copied' : 'Copy link'}
        </Button>
        <Button onClick={onDone} className="shrink-0">
          Done
        </Button>
      </div>
      {copied === 'failed' && <p className="mt-2 text-sm">Copying is not allowed here; the link is selected, copy it by hand.</p>}
    </div>
  );
}

function InviteForm({ onCreated }: { onCreated: (c: Created) => void }) {
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '', role: 'editor' } });

  async function onSubmit(values: InviteInput) {
    setServerError(undefined);
    try {
      const created = await call(api.api.users.invitations.$post({ json: values }));
      reset();
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && showServerIssues(error, setError, (p) => p === 'email' || p === 'role') && error.status === 400) return;
      setServerError(failure('Failed to create the invitation.', error));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-start">
      <Field id="invite-email" label="Email" required error={errors.email?.message}>
        {(attrs) => <input {...attrs} type="email" autoComplete="email" className={inputClass} {...register('email')} />}
      </Field>
      <Field id="invite-role" label="Role" hint={undefined}>
        {(attrs) => (
          <select {...attrs} className={inputClass} {...register('role')}>
            {ADMIN_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="sm:pt-6">
        <Button type="submit" variant="primary" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? 'Creating…' : 'Create invitation link'}
        </Button>
      </div>
      <ul className="text-sm text-slate-600 sm:col-span-3">
        {ADMIN_ROLES.map((r) => (
          <li key={r}>
            <strong className="font-semibold text-slate-800">{ROLE_LABELS[r]}:</strong> {ROLE_HINTS[r]}
          </li>
        ))}
      </ul>
      {serverError && (
        <div className="sm:col-span-3">
          <Notice tone="error">{serverError}</Notice>
        </div>
      )}
    </form>
  );
}

function Invitations({ version, onChanged }: { version: number; onChanged: (message: { tone: 'success' | 'error'; text: string }) => void }) {
  const list = useLoad((signal) => call(api.api.users.invitations.$get(undefined, { init: { signal } })), [version]);
  async function withdraw(id: number, email: string) {
    if (!confirm(`Withdraw the invitation for ${email}? Its link stops working.`)) return;
    try {
      await call(api.api.users.invitations[':id'].$delete({ param: { id: String(id) } }));
      onChanged({ tone: 'success', text: `Invitation for ${email} withdrawn.` });
    } catch (error) {
      onChanged({ tone: 'error', text: failure('Failed to withdraw the invitation.', error) });
    }
  }
  if (list.status === 'loading') return <Spinner label="Loading invitations…" />;
  if (list.status === 'error') return <ErrorBox message="Failed to load invitations. Please try again." onRetry={list.reload} />;
  if (list.data.length === 0) return <p className="text-sm text-slate-600">No open invitations.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Open invitations">
      {list.data.map((inv) => (
        <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-invitation={inv.email}>
          <div className="min-w-0">
            <p className="font-medium break-all text-slate-900">{inv.email}</p>
            <p className="text-sm text-slate-600">
              {ROLE_LABELS[inv.role]} · expires {formatDateTime(inv.expires_at)}
              {inv.created_by ? ` · invited by ${inv.created_by}` : ''}
            </p>
          </div>
          <Button variant="danger" onClick={() => void withdraw(inv.id, inv.email)} aria-label={`Withdraw invitation for ${inv.email}`}>
            Withdraw
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function Users() {
  const account = useAccount();
  if (account.status === 'ready' && account.data.role !== 'owner') {
    return (
      <>
        <PageHeader title="Users" />
        <Notice tone="info">Only an owner can manage admins and invitations. Ask an owner of this back office.</Notice>
      </>
    );
  }
  return <OwnerUsers />;
}

function OwnerUsers() {
  const state = useList((query, signal) => call(api.api.users.$get({ query }, { init: { signal } })), 'email');
  const [created, setCreated] = useState<Created>();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [invitations, setInvitations] = useState(0);

  function changed(m: { tone: 'success' | 'error'; text: string }) {
    setMessage(m);
    setInvitations((n) => n + 1);
    state.reload();
  }

  async function remove(id: number, email: string) {
    if (!confirm(`Remove ${email}? They are signed out at once and can no longer sign in.`)) return;
    try {
      await call(api.api.users[':id'].$delete({ param: { id: String(id) } }));
      changed({ tone: 'success', text: `${email} removed.` });
    } catch (error) {
      setMessage({ tone: 'error', text: failure(`Failed to remove ${email}.`, error) });
    }
  }

  async function setRole(id: number, email: string, role: 'owner' | 'editor') {
    try {
      await call(api.api.users[':id'].role.$put({ param: { id: String(id) }, json: { role } }));
      changed({ tone: 'success', text: `${email} is now ${role === 'owner' ? 'an owner' : 'an editor'}.` });
    } catch (error) {
      setMessage({ tone: 'error', text: failure(`Failed to change the role of ${email}.`, error) });
    }
  }

  return (
    <>
      <PageHeader title="Users" />
      <div className="space-y-6">
        <Section id="invite" title="Invite an admin" description="Creates a one-time sign-up link valid for 72 hours. No email is sent: pass the link on yourself.">
          {created ? (
            <OneTimeLink invitation={created} onDone={() => setCreated(undefined)} />
          ) : (
            <InviteForm
              onCreated={(c) => {
                setCreated(c);
                setMessage(undefined);
                setInvitations((n) => n + 1);
              }}
            />
          )}
        </Section>
        <Section id="invitations" title="Open invitations">
          <Invitations version={invitations} onChanged={changed} />
        </Section>
        <section aria-labelledby="admins-title">
          <h2 id="admins-title" className="mb-3 text-lg font-semibold text-slate-900">
            Admins
          </h2>
          {message && (
            <div className="mb-4">
              <Notice tone={message.tone} onDismiss={() => setMessage(undefined)}>
                {message.text}
              </Notice>
            </div>
          )}
          <ListView
            state={state}
            noun="admins"
            none="No admins."
            searchLabel="Search admins by email"
            searchPlaceholder="Search admins…"
            label="Admins"
            rowKey={(u) => u.id}
            primary={{ header: 'Email', sort: 'email', cell: (u) => (u.is_you ? `${u.email} (you)` : u.email) }}
            columns={[
              { header: 'Role', sort: 'role', cell: (u) => ROLE_LABELS[u.role] },
              { header: 'Added', sort: 'created_at', cell: (u) => u.created_at.slice(0, 10), className: 'whitespace-nowrap' },
              {
                header: 'Actions',
                cell: (u) =>
                  u.is_you ? (
                    <span className="text-sm text-slate-600">Your account</span>
                  ) : (
                    <span className="flex flex-wrap gap-2">
                      <Button onClick={() => void setRole(u.id, u.email, u.role === 'owner' ? 'editor' : 'owner')} aria-label={`${u.role === 'owner' ? 'Make editor' : 'Make owner'}: ${u.email}`}>
                        {u.role === 'owner' ? 'Make editor' : 'Make owner'}
                      </Button>
                      <Button variant="danger" onClick={() => void remove(u.id, u.email)} aria-label={`Remove: ${u.email}`}>
                        Remove
                      </Button>
                    </span>
                  ),
              },
            ]}
          />
        </section>
      </div>
    </>
  );
}
