import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { NULL_OPTION, optionValue, type FormField, type FormValues } from '../forms/schema-form';

/** A field's label: the property's name (settings keep their contract names) or "Value". */
export function useFieldLabel() {
  const { t } = useTranslation();
  return (field: FormField) => field.property ?? t('settings.value');
}

function Described({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** One generated field: the control its schema asked for, labelled, with its hint and error. */
export function SettingField({
  field,
  register,
  error,
  idPrefix,
}: {
  field: FormField;
  register: UseFormRegister<FormValues & { reason: string }>;
  error?: string | undefined;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const id = `${idPrefix}-${field.name}-${ownId.replace(/:/g, '')}`;
  const label = useFieldLabel()(field);
  const { control } = field;
  const nullHint = field.nullable ? t('settings.hints.nullable') : undefined;
  const invalid = error ? true : undefined;

  if (control.kind === 'boolean')
    return (
      <div className="field setting-check">
        <input
          id={id}
          type="checkbox"
          aria-invalid={invalid}
          aria-describedby={describedBy(id, undefined, error)}
          {...register(field.name)}
        />
        <label htmlFor={id}>{label}</label>
        <Described id={id} error={error} />
      </div>
    );

  if (control.kind === 'enum')
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy(id, undefined, error)}
          {...register(field.name)}
        >
          {field.nullable ? <option value={NULL_OPTION}>{t('settings.none')}</option> : null}
          {control.options.map((option) => (
            <option key={optionValue(option)} value={optionValue(option)}>
              {String(option)}
            </option>
          ))}
        </select>
        <Described id={id} error={error} />
      </div>
    );

  if (control.kind === 'list' || control.kind === 'json') {
    const hint =
      control.kind === 'list'
        ? control.options
          ? t('settings.hints.listOf', { options: control.options.map(String).join(', ') })
          : t('settings.hints.list')
        : t('settings.hints.json');
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          className={control.kind === 'json' ? 'setting-json' : 'setting-list'}
          rows={control.kind === 'json' ? 8 : 4}
          spellCheck={false}
          aria-invalid={invalid}
          aria-describedby={describedBy(id, hint, error)}
          {...register(field.name)}
        />
        <Described id={id} hint={hint} error={error} />
      </div>
    );
  }

  const numeric = control.kind === 'integer' || control.kind === 'number';
  const range =
    numeric && (control.minimum !== undefined || control.maximum !== undefined)
      ? t('settings.hints.range', {
          min: control.minimum ?? '−∞',
          max: control.maximum ?? '∞',
        })
      : undefined;
  const format =
    control.kind === 'string' && control.format === 'date-time' ? t('settings.hints.dateTime') : undefined;
  const hint = [range, format, nullHint].filter(Boolean).join(' ') || undefined;
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      inputMode={control.kind === 'integer' ? 'numeric' : control.kind === 'number' ? 'decimal' : undefined}
      autoComplete="off"
      spellCheck={false}
      {...register(field.name)}
    />
  );
}
