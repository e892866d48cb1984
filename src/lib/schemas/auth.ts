// Sign-in and account schemas, shared by the API and the admin sign-in form.
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(320, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const signInSchema = z.object({
  email: emailSchema,
  // Only "present" here: the length rule applies when a password is set, not when it is typed.
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

export type SignInInput = z.input<typeof signInSchema>;

/** A new password: length only; the common-password check runs on the server (src/api/auth/password-policy.ts). */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');
