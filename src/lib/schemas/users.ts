// Admin accounts, invitations and the own account: shared by the API and the admin forms. The
// common-password rule of a new password runs on the server (src/api/auth/password-policy.ts).
import { z } from 'zod';
import { ADMIN_ROLES } from '../../../db/enums.ts';
import { PASSWORD_MAX_LENGTH, emailSchema, newPasswordSchema } from './auth.ts';

export const roleSchema = z.enum(ADMIN_ROLES, 'Role must be owner or editor');

export const inviteSchema = z.object({
  email: emailSchema,
  role: roleSchema.default('editor'),
});
export type InviteInput = z.input<typeof inviteSchema>;

export const setRoleSchema = z.object({ role: roleSchema });

export const acceptInviteSchema = z.object({ password: newPasswordSchema });
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;

export const changePasswordSchema = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
  new_password: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const ROLE_LABELS = { owner: 'Owner', editor: 'Editor' } as const;
export const ROLE_HINTS = {
  owner: 'everything, including inviting and removing admins',
  editor: 'companies, categories, certificates, countries, import and publishing; no user management',
} as const;
