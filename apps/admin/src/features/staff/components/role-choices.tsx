import { adminRoles } from '@platform/contract/client';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The roles as checkboxes in a named group, with the group's error tied to it. */
export function RoleChoices({
  legend,
  registration,
  error,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset
      className="staff-roles"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      <div className="staff-roles__list">
        {adminRoles.map((role) => (
          <label key={role} className="staff-check">
            <input type="checkbox" value={role} {...registration} />
            {t(`roles.${role}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
