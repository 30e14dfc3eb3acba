import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { useCreateStaff } from '../api/staff';
import { addStaffFormSchema, type AddStaffValues } from '../forms/staff-schemas';
import { featureError } from '../lib/common';
import { RoleChoices } from './role-choices';

/** Adds a member of staff: username, roles and a first password (at least 10 characters). */
export function AddStaffForm() {
  const { t } = useTranslation();
  const create = useCreateStaff();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddStaffValues>({
    resolver: zodResolver(addStaffFormSchema),
    defaultValues: { username: '', roles: [], password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setDone(null);
    try {
      const created = await create.mutateAsync(values);
      setDone(t('staff.add.done', { name: created.username }));
      reset();
    } catch (error) {
      setFailure(featureError(t, error, 'staff'));
    }
  });

  return (
    <form className="page-card staff-add" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2>{t('staff.add.title')}</h2>
      <div className="staff-add__grid">
        <Field
          label={t('staff.add.username')}
          hint={t('staff.add.usernameHint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username ? t('staff.validation.username') : undefined}
          {...register('username')}
        />
        <Field
          label={t('staff.add.password')}
          hint={t('staff.add.passwordHint')}
          type="password"
          autoComplete="new-password"
          error={errors.password ? t('staff.validation.password') : undefined}
          {...register('password')}
        />
      </div>
      <RoleChoices
        legend={t('staff.add.roles')}
        registration={register('roles')}
        error={errors.roles ? t('staff.validation.roles') : undefined}
      />
      <div role="status" aria-live="polite">
        {done ? <p className="staff-ok">{done}</p> : null}
      </div>
      {failure ? (
        <p role="alert" className="staff-failure">
          {failure}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('staff.add.submitting') : t('staff.add.submit')}
      </Button>
    </form>
  );
}
