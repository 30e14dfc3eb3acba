import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { mayCall } from '@/lib/access';
import { useStaffSession } from '@/lib/session';
import { useAddTag, useRemoveTag } from '../api/players';
import { playerTagBodySchema } from '../forms/schemas';
import { errorWithCode } from '../lib/error';

type TagForm = z.input<typeof playerTagBodySchema>;

/** The member's tags; staff who may write add one (confirmed) or remove one (confirmed). */
export function PlayerTags({ account, tags }: { account: string; tags: readonly string[] }) {
  const { t } = useTranslation();
  const session = useStaffSession();
  const canWrite = mayCall(session?.roles ?? [], 'adminPlayerTagAdd');
  const addTag = useAddTag(account);
  const removeTag = useRemoveTag(account);
  const [pending, setPending] = useState<
    { kind: 'add'; values: TagForm } | { kind: 'remove'; tag: string } | null
  >(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TagForm>({ resolver: zodResolver(playerTagBodySchema), defaultValues: { tag: '' } });

  const confirm = () => {
    if (!pending) return;
    const done = { onSuccess: () => setPending(null) };
    if (pending.kind === 'add') {
      addTag.mutate(pending.values, {
        onSuccess: () => {
          setPending(null);
          reset({ tag: '' });
        },
      });
    } else removeTag.mutate({ tag: pending.tag }, done);
  };
  const working = addTag.isPending || removeTag.isPending;
  const failure = addTag.error ?? removeTag.error;

  return (
    <section className="facts tags" aria-labelledby="tags-heading">
      <h3 id="tags-heading">{t('players.sections.tags', { count: tags.length })}</h3>
      {tags.length === 0 ? (
        <p>{t('players.tags.none')}</p>
      ) : (
        <ul className="tags__list">
          {tags.map((tag) => (
            <li key={tag} className="tag">
              <span>{tag}</span>
              {canWrite ? (
                <Button
                  variant="link"
                  aria-label={t('players.tags.removeNamed', { tag })}
                  disabled={pending !== null}
                  onClick={() => {
                    addTag.reset();
                    removeTag.reset();
                    setPending({ kind: 'remove', tag });
                  }}
                >
                  {t('players.tags.remove')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <form
          className="tags__form"
          noValidate
          onSubmit={handleSubmit((values) => {
            addTag.reset();
            removeTag.reset();
            setPending({ kind: 'add', values });
          })}
        >
          <Field
            label={t('players.tags.new')}
            hint={t('players.tags.hint')}
            readOnly={pending !== null}
            autoComplete="off"
            error={errors.tag ? t('players.validation.tag') : undefined}
            {...register('tag')}
          />
          {pending === null ? <Button type="submit">{t('players.tags.add')}</Button> : null}
        </form>
      ) : null}
      {pending ? (
        <div className="confirm" role="group" aria-label={t('players.confirm.title')}>
          <p>
            {pending.kind === 'add'
              ? t('players.tags.confirmAdd', { tag: pending.values.tag })
              : t('players.tags.confirmRemove', { tag: pending.tag })}
          </p>
          <Button onClick={confirm} disabled={working}>
            {working ? t('players.working') : t('players.confirm.yes')}
          </Button>
          <Button variant="secondary" onClick={() => setPending(null)} disabled={working}>
            {t('players.confirm.back')}
          </Button>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="error">
          {errorWithCode(t, failure)}
        </p>
      ) : null}
    </section>
  );
}
