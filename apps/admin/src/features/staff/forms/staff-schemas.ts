import { createStaffBodySchema, updateStaffBodySchema } from '@platform/contract';
import { z } from 'zod';

/**
 * The staff forms validate with the contract's bodies. Their messages are the contract's (English,
 * for developers): the form shows each field's own text (staff.validation.<field>) instead.
 */
export const addStaffFormSchema = createStaffBodySchema;
export type AddStaffValues = z.input<typeof addStaffFormSchema>;

const update = updateStaffBodySchema.shape;

/** What the member's dialog changes: one thing at a time, each with its reason. */
export const staffActions = ['roles', 'disable', 'enable', 'password', 'endSessions'] as const;
export type StaffAction = (typeof staffActions)[number];

export const updateStaffFormSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('roles'), roles: update.roles.unwrap(), reason: update.reason }),
  z.object({ action: z.literal('disable'), reason: update.reason }),
  z.object({ action: z.literal('enable'), reason: update.reason }),
  z.object({ action: z.literal('password'), password: update.password.unwrap(), reason: update.reason }),
  z.object({ action: z.literal('endSessions'), reason: update.reason }),
]);
export type UpdateStaffValues = z.output<typeof updateStaffFormSchema>;

/** The PUT body for the chosen change, checked once more against the contract's body as a whole. */
export function updateBody(values: UpdateStaffValues): z.output<typeof updateStaffBodySchema> {
  const reason = values.reason;
  switch (values.action) {
    case 'roles':
      return updateStaffBodySchema.parse({ roles: values.roles, reason });
    case 'disable':
      return updateStaffBodySchema.parse({ active: false, reason });
    case 'enable':
      return updateStaffBodySchema.parse({ active: true, reason });
    case 'password':
      return updateStaffBodySchema.parse({ password: values.password, reason });
    case 'endSessions':
      return updateStaffBodySchema.parse({ endSessions: true, reason });
  }
}
