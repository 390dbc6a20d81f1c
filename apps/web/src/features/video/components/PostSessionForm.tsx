import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrorFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useConnectedTypes } from '../api/get-connected-types.ts';
import { useSaveConnectedTypes } from '../api/save-connected-types.ts';
import { useVideoT } from '../i18n/use-video-t.ts';
import styles from './CallNotice.module.css';

/** The therapist's post-session form: how the client connected (GET/POST slot/user_connected_types). */
export function PostSessionForm({ slotHashid }: { slotHashid: string }) {
  const t = useVideoT();
  const { t: tc } = useTranslation();
  const form = useConnectedTypes(slotHashid);
  const save = useSaveConnectedTypes();
  const [picked, setPicked] = useState<string[] | null>(null);
  const [comment, setComment] = useState<string | null>(null);
  const headingId = useId();
  const commentId = useId();

  if (form.isPending) return <LoadingState />;
  if (form.isError) return <ErrorState message={t('postSession.loadFailed')} onRetry={() => void form.refetch()} />;

  const types = picked ?? form.data.answer?.types ?? [];
  const text = comment ?? form.data.answer?.comment ?? '';
  const error = save.isError ? formErrorFrom(save.error, tc) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ slot_hashid: slotHashid, types, ...(text.trim() ? { comment: text.trim() } : {}) });
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('postSession.title')}</h2>
      <p className={styles.muted}>{t('postSession.lead')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.options} aria-describedby={error?.fields.types ? `${headingId}-types` : undefined}>
          <legend>{t('postSession.types')}</legend>
          {form.data.options.map((option) => (
            <label key={option.key} className={styles.option}>
              <input
                type="checkbox"
                checked={types.includes(option.key)}
                onChange={(event) => {
                  save.reset();
                  setPicked(event.target.checked ? [...types, option.key] : types.filter((key) => key !== option.key));
                }}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        {error?.fields.types && (
          <p id={`${headingId}-types`} role="alert" className={styles.hint}>
            {error.fields.types}
          </p>
        )}
        <label htmlFor={commentId} className={styles.label}>
          {t('postSession.comment')}
        </label>
        <textarea
          id={commentId}
          className={styles.textarea}
          value={text}
          maxLength={2000}
          aria-describedby={`${commentId}-hint`}
          onChange={(event) => {
            save.reset();
            setComment(event.target.value);
          }}
        />
        <p id={`${commentId}-hint`} className={styles.hint}>
          {t('postSession.commentHint')}
        </p>
        {error?.message && <Alert tone="error">{error.message}</Alert>}
        {save.isSuccess && <Alert tone="success">{t('postSession.saved')}</Alert>}
        <div>
          <Button type="submit" isLoading={save.isPending}>
            {t('postSession.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
