import type { AdminSetting } from '@platform/contract/client';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { ApiError } from '@/lib/api-client';
import { useSettingReset, useSettingUpdate } from '../api/settings';
import { reasonSchema, resetReasonSchema } from '../forms/setting-forms';
import {
  buildForm,
  settingResolver,
  toFormValues,
  type FieldProblem,
  type FormValues,
  type SettingSubmit,
} from '../forms/schema-form';
import { featureError } from '../lib/common';
import { Modal } from './modal';
import { SettingField } from './setting-fields';
import { SettingHistory } from './setting-history';

type Values = FormValues & { reason: string };

/** A problem's words: a key of ours with its params, or the server's message (a key or plain text). */
function useProblemText() {
  const { t } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    try {
      const problem = JSON.parse(message) as FieldProblem & { raw?: string };
      if (problem.raw) return t(problem.raw, { defaultValue: problem.raw, ...problem.params });
      return t(problem.key, problem.params ?? {});
    } catch {
      return message;
    }
  };
}

const compact = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/**
 * One setting: its form generated from its schema, its default and whether it is the default, a
 * required reason, save (the server's field issues shown at their fields), reset to default (asked
 * once more) and its history.
 */
export function SettingCard({ setting, headingLevel = 3 }: { setting: AdminSetting; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const form = useMemo(() => buildForm(setting.schema), [setting.schema]);
  const resolver = useMemo(() => settingResolver(setting.key, form, reasonSchema), [setting.key, form]);
  const save = useSettingUpdate(setting.key);
  const reset = useSettingReset(setting.key);
  const problemText = useProblemText();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [history, setHistory] = useState(false);
  const idPrefix = `setting-${setting.key.replace(/\./g, '-')}`;
  const {
    register,
    handleSubmit,
    setError,
    reset: resetForm,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, SettingSubmit>({
    resolver,
    defaultValues: { ...toFormValues(form, setting.value), reason: '' },
  });

  /** The server's refusal: each issue at its field (`<key>.<field>`), the code above the form. */
  const showFailure = (error: unknown) => {
    setFailure(featureError(t, error, 'settings'));
    if (!(error instanceof ApiError)) return;
    for (const issue of error.issues) {
      const message = JSON.stringify({ key: '', raw: issue.message, params: issue.params });
      if (issue.path === 'reason') {
        setError('reason', { message });
        continue;
      }
      const rest = issue.path.startsWith(`${setting.key}.`)
        ? issue.path.slice(setting.key.length + 1)
        : issue.path === setting.key || issue.path === 'value'
          ? ''
          : issue.path.replace(/^value\.?/, '');
      const property = rest.split('.')[0];
      const field =
        (form.object && property ? form.fields.find((one) => one.property === property) : undefined) ??
        form.fields[0];
      if (field) setError(field.name, { message });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setDone(null);
    try {
      const answer = await save.mutateAsync(values);
      resetForm({ ...toFormValues(form, answer.value), reason: '' });
      setDone(t('settings.saved'));
    } catch (error) {
      showFailure(error);
    }
  });

  const askReset = () => {
    setFailure(null);
    setDone(null);
    const reason = resetReasonSchema.safeParse(getValues('reason'));
    if (!reason.success) {
      setError('reason', { message: JSON.stringify({ key: 'settings.validation.reason' }) });
      return;
    }
    setConfirmReset(true);
  };

  const doReset = async () => {
    const reason = resetReasonSchema.parse(getValues('reason'));
    try {
      const answer = await reset.mutateAsync(reason);
      resetForm({ ...toFormValues(form, answer.value), reason: '' });
      setDone(t('settings.resetDone'));
    } catch (error) {
      showFailure(error);
    }
    setConfirmReset(false);
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `${idPrefix}-title`;
  return (
    <section className="page-card setting-card" aria-labelledby={headingId}>
      <div className="setting-card__head">
        <Heading id={headingId}>{setting.key}</Heading>
        <span className={setting.isDefault ? 'setting-badge' : 'setting-badge setting-badge--changed'}>
          {setting.isDefault ? t('settings.isDefault') : t('settings.changed')}
        </span>
      </div>
      <p className="setting-default">
        {t('settings.default')} <code>{compact(setting.defaultValue)}</code>
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={form.object ? 'setting-fields setting-fields--object' : 'setting-fields'}>
          {form.fields.map((field) => (
            <SettingField
              key={field.name}
              field={field}
              register={register}
              idPrefix={idPrefix}
              error={problemText(errors[field.name]?.message)}
            />
          ))}
        </div>
        <Field
          id={`${idPrefix}-reason`}
          label={t('settings.reason')}
          hint={t('settings.reasonHint')}
          autoComplete="off"
          error={problemText(errors.reason?.message)}
          {...register('reason')}
        />
        <div role="status" aria-live="polite">
          {done ? <p className="setting-ok">{done}</p> : null}
        </div>
        {failure ? (
          <p role="alert" className="setting-failure">
            {failure}
          </p>
        ) : null}
        <div className="setting-buttons">
          <Button type="submit" disabled={isSubmitting || save.isPending}>
            {t('settings.save', { key: setting.key })}
          </Button>
          <Button variant="secondary" onClick={askReset} disabled={setting.isDefault || reset.isPending}>
            {t('settings.reset')}
          </Button>
          <Button variant="secondary" onClick={() => setHistory(true)}>
            {t('settings.history')}
          </Button>
        </div>
      </form>
      {confirmReset ? (
        <Modal title={t('settings.resetTitle', { key: setting.key })} onClose={() => setConfirmReset(false)}>
          <p>{t('settings.resetBody')}</p>
          <p>
            <code>{compact(setting.defaultValue)}</code>
          </p>
          <Button onClick={() => void doReset()} disabled={reset.isPending}>
            {t('settings.resetYes')}
          </Button>{' '}
          <Button variant="secondary" onClick={() => setConfirmReset(false)}>
            {t('settings.cancel')}
          </Button>
        </Modal>
      ) : null}
      {history ? (
        <Modal
          title={t('settings.historyTitle', { key: setting.key })}
          onClose={() => setHistory(false)}
          wide
        >
          <SettingHistory settingKey={setting.key} />
        </Modal>
      ) : null}
    </section>
  );
}
