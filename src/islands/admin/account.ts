// The signed-in admin's account (email, role, open sessions), for the header's tabs and the account screen.
import { api, call } from './api.ts';
import { useLoad } from './use-load.ts';

export function useAccount() {
  return useLoad((signal) => call(api.api.account.$get(undefined, { init: { signal } })), []);
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
