import { zodResolver } from '@hookform/resolvers/zod';
import type { Player360 } from '@platform/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { mayCall } from '@/lib/access';
import { useStaffSession } from '@/lib/session';
import { useAddNote } from '../api/players';
import { playerNoteBodySchema } from '../forms/schemas';
import { siteDateTime } from '../lib/dates';
import { errorWithCode } from '../lib/error';

type NoteForm = z.input<typeof playerNoteBodySchema>;

/** Staff notes, newest first, and (for the roles that may write them) a form to add one, confirmed. */
export function PlayerNotes({ account, notes }: { account: string; notes: Player360['notes'] }) {
  const { t, i18n } = useTranslation();
  const session = useStaffSession();
  const canWrite = mayCall(session?.roles ?? [], 'adminPlayerNoteAdd');
  const addNote = useAddNote(account);
  const [pending, setPending] = useState<NoteForm | null>(null);
  const [added, setAdded] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NoteForm>({ resolver: zodResolver(playerNoteBodySchema), defaultValues: { text: '' } });

  const confirm = () => {
    if (!pending) return;
    addNote.mutate(pending, {
      onSuccess: () => {
        setPending(null);
        setAdded(true);
        reset({ text: '' });
      },
    });
  };

  return (
    <div className="notes">
      {canWrite ? (
        <form
          className="notes__form"
          noValidate
          onSubmit={handleSubmit((values) => {
            setAdded(false);
            addNote.reset();
            setPending(values);
          })}
        >
          <Field
            label={t('players.notes.text')}
            hint={t('players.notes.hint')}
            maxLength={2000}
            readOnly={pending !== null}
            error={errors.text ? t('players.validation.note') : undefined}
            {...register('text')}
          />
          {pending ? (
            <div className="confirm" role="group" aria-label={t('players.confirm.title')}>
              <p>{t('players.notes.confirm')}</p>
              <Button onClick={confirm} disabled={addNote.isPending}>
                {addNote.isPending ? t('players.working') : t('players.confirm.yes')}
              </Button>
              <Button variant="secondary" onClick={() => setPending(null)} disabled={addNote.isPending}>
                {t('players.confirm.back')}
              </Button>
            </div>
          ) : (
            <Button type="submit">{t('players.notes.add')}</Button>
          )}
          {addNote.error ? (
            <p role="alert" className="error">
              {errorWithCode(t, addNote.error)}
            </p>
          ) : null}
          {added ? <p role="status">{t('players.notes.added')}</p> : null}
        </form>
      ) : null}
      {notes.items.length === 0 ? (
        <p>{t('players.notes.none')}</p>
      ) : (
        <>
          {notes.items.length < notes.total ? (
            <p className="muted">
              {t('players.section.newestOf', { shown: notes.items.length, total: notes.total })}
            </p>
          ) : null}
          <ul className="notes__list" aria-label={t('players.tabs.notes')}>
            {notes.items.map((note) => (
              <li key={note.id}>
                <p className="notes__meta">
                  {note.author} · {siteDateTime(note.at, i18n.language)}
                </p>
                <p className="notes__text">{note.text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
