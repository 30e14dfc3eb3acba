import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminRole } from '@platform/contract/client';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { useUpdateStaff } from '../api/staff';
import {
  staffActions,
  updateBody,
  updateStaffFormSchema,
  type StaffAction,
  type UpdateStaffValues,
} from '../forms/staff-schemas';
import { featureError } from '../lib/common';
import { Modal } from './modal';
import { RoleChoices } from './role-choices';

export interface StaffMember {
  username: string;
  roles: AdminRole[];
  active: boolean;
}

interface FormShape {
  action: StaffAction;
  roles: AdminRole[];
  password: string;
  reason: string;
}

/** Changes that end what a member of staff is doing now: asked once more before they are sent. */
const confirmed: readonly StaffAction[] = ['disable', 'endSessions'];

/**
 * One member of staff: change roles, disable or enable, set a new password or end their sessions,
 * each with a reason (PUT /wps/admin/staff/:username). The server's refusal (the last owner keeps the
 * owner role) is shown in words with its code.
 */
export function StaffDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateStaff(member.username);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<UpdateStaffValues | null>(null);
  // The member's state as the last answer left it (the list behind the dialog refreshes too).
  const [active, setActive] = useState(member.active);
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormShape, unknown, UpdateStaffValues>({
    resolver: zodResolver(updateStaffFormSchema) as unknown as Resolver<
      FormShape,
      unknown,
      UpdateStaffValues
    >,
    defaultValues: { action: 'roles', roles: member.roles, password: '', reason: '' },
  });
  const action = useWatch({ control, name: 'action' });
  const available = staffActions.filter((one) =>
    one === 'disable' ? active : one === 'enable' ? !active : true,
  );

  const send = async (values: UpdateStaffValues) => {
    setFailure(null);
    setDone(null);
    try {
      const answer = await update.mutateAsync(updateBody(values));
      setDone(t('staff.edit.done', { count: answer.endedSessions }));
      setPending(null);
      setActive(answer.active);
      const next: StaffAction =
        values.action === 'disable' ? 'enable' : values.action === 'enable' ? 'disable' : values.action;
      reset({ action: next, roles: answer.roles, password: '', reason: '' });
    } catch (error) {
      setPending(null);
      setFailure(featureError(t, error, 'staff'));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (confirmed.includes(values.action)) {
      setPending(values);
      return;
    }
    await send(values);
  });

  const fieldErrors = errors as Partial<Record<keyof FormShape, unknown>>;
  return (
    <Modal title={t('staff.edit.title', { name: member.username })} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="staff-actions">
          <legend>{t('staff.edit.what')}</legend>
          {available.map((one) => (
            <label key={one} className="staff-check">
              <input type="radio" value={one} {...register('action')} />
              {t(`staff.edit.actions.${one}`)}
            </label>
          ))}
        </fieldset>
        {action === 'roles' ? (
          <RoleChoices
            legend={t('staff.edit.roles')}
            registration={register('roles')}
            error={fieldErrors.roles ? t('staff.validation.roles') : undefined}
          />
        ) : null}
        {action === 'password' ? (
          <Field
            label={t('staff.edit.password')}
            hint={t('staff.add.passwordHint')}
            type="password"
            autoComplete="new-password"
            error={fieldErrors.password ? t('staff.validation.password') : undefined}
            {...register('password')}
          />
        ) : null}
        <p className="muted">{t(`staff.edit.effects.${action}`)}</p>
        <Field
          label={t('staff.edit.reason')}
          hint={t('staff.edit.reasonHint')}
          autoComplete="off"
          error={fieldErrors.reason ? t('staff.validation.reason') : undefined}
          {...register('reason')}
        />
        <div role="status" aria-live="polite">
          {done ? <p className="staff-ok">{done}</p> : null}
        </div>
        {failure ? (
          <p role="alert" className="staff-failure">
            {failure}
          </p>
        ) : null}
        {pending ? (
          <div className="staff-confirm" role="alertdialog" aria-labelledby="staff-confirm-text">
            <p id="staff-confirm-text">
              {t(`staff.edit.confirm.${pending.action}`, { name: member.username })}
            </p>
            <Button onClick={() => void send(pending)} disabled={update.isPending}>
              {t('staff.edit.confirmYes')}
            </Button>{' '}
            <Button variant="secondary" onClick={() => setPending(null)}>
              {t('staff.edit.confirmNo')}
            </Button>
          </div>
        ) : (
          <Button type="submit" disabled={isSubmitting || update.isPending}>
            {t('staff.edit.submit')}
          </Button>
        )}
      </form>
    </Modal>
  );
}
