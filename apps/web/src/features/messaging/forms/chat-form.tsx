import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field } from '@/components';
import { ApiError } from '@/lib/api-client';
import { useFieldErrorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form-resolver';
import { useSendChatMessage } from '../api/chat';
import { chatFormMessages, chatFormSchema, type ChatFormValues } from './chat-schema';

/** The box under a room: sends one message; the room's push shows it to everyone, the sender too. */
export function ChatForm({ room, onSent }: { room: string; onSent(id: string): void }) {
  const { t } = useTranslation('messaging');
  const fieldText = useFieldErrorText('messaging');
  const send = useSendChatMessage();
  const form = useForm<ChatFormValues, unknown, ChatFormValues>({
    defaultValues: { text: '' },
    resolver: schemaResolver(chatFormSchema, chatFormMessages),
  });
  const submit = form.handleSubmit((values) => {
    send.mutate(
      { room, text: values.text },
      {
        onSuccess: (message) => {
          form.reset({ text: '' });
          onSent(message.id);
        },
        onError: (error) => {
          // The server's code, translated beneath the box (common's errors.<CODE>).
          form.setError('text', {
            type: 'server',
            message: error instanceof ApiError ? `errors.${error.code}` : 'errors.generic',
          });
        },
      },
    );
  });
  const error = form.formState.errors.text;
  return (
    <form className="chat-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        label={t('chat.input')}
        labelAs="placeholder"
        autoComplete="off"
        maxLength={500}
        error={fieldText(error)}
        registration={form.register('text')}
      />
      <Button type="submit" loading={send.isPending}>
        {t('chat.send')}
      </Button>
    </form>
  );
}
