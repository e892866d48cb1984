// Rules for new passwords: at least 12 characters, not a common password (or a common word with a
// few digits or symbols stuck on), not the email address, not one or two characters repeated.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../lib/schemas/auth.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

const common = new Set(COMMON_PASSWORDS);

/** Undefined when the password is acceptable, else the reason shown to the admin. */
export function passwordProblem(password: string, email = ''): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return 'Password is too long';
  const lower = password.toLowerCase();
  // "password123!", "!!qwerty2024": the common core with digits and symbols stripped from both ends.
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  const local = email.toLowerCase().split('@')[0];
  if (
    common.has(lower) ||
    common.has(core) ||
    /^\d+$/.test(lower) ||
    new Set(lower).size <= 3 ||
    (local.length >= 3 && (lower === email.toLowerCase() || core === local))
  ) {
    return 'This password is too common or too easy to guess. Choose a longer, unusual one (a few random words work well).';
  }
  return undefined;
}
