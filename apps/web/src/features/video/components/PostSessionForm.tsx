import type { TConnectedTypesResponse } from '@therapy/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerErrors } from '../../../lib/form-errors.ts';
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
  const form = useConnectedTypes(slotHashid);
  const headingId = useId();

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('postSession.title')}</h2>
      <p className={styles.muted}>{t('postSession.lead')}</p>
      {form.isPending && <LoadingState />}
      {form.isError && <ErrorState message={t('postSession.loadFailed')} onRetry={() => void form.refetch()} />}
      {form.data && <ConnectedTypesForm slotHashid={slotHashid} data={form.data} />}
    </section>
  );
}

function ConnectedTypesForm({ slotHashid, data }: { slotHashid: string; data: TConnectedTypesResponse }) {
  const t = useVideoT();
  const { t: tc } = useTranslation();
  const save = useSaveConnectedTypes();
  const typesErrorId = useId();
  const commentId = useId();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm({ defaultValues: { types: data.answer?.types ?? [], comment: data.answer?.comment ?? '' } });
  // An edit after a save or a refusal: the old answer's note goes.
  const edited = {
    onChange: () => {
      save.reset();
      clearErrors();
    },
  };

  const onSubmit = handleSubmit(({ types, comment }) => {
    save.mutate(
      { slot_hashid: slotHashid, types, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      { onError: (error) => setServerErrors(setError, error, tc) },
    );
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <fieldset className={styles.options} aria-describedby={errors.types ? typesErrorId : undefined}>
        <legend>{t('postSession.types')}</legend>
        {data.options.map((option) => (
          <label key={option.key} className={styles.option}>
            <input type="checkbox" value={option.key} {...register('types', edited)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      {errors.types && (
        <p id={typesErrorId} role="alert" className={styles.hint}>
          {errors.types.message}
        </p>
      )}
      <label htmlFor={commentId} className={styles.label}>
        {t('postSession.comment')}
      </label>
      <textarea
        id={commentId}
        className={styles.textarea}
        maxLength={2000}
        aria-describedby={`${commentId}-hint`}
        {...register('comment', edited)}
      />
      <p id={`${commentId}-hint`} className={styles.hint}>
        {t('postSession.commentHint')}
      </p>
      {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
      {save.isSuccess && <Alert tone="success">{t('postSession.saved')}</Alert>}
      <div>
        <Button type="submit" isLoading={save.isPending}>
          {t('postSession.save')}
        </Button>
      </div>
    </form>
  );
}
