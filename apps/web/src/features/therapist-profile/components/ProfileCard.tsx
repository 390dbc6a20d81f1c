import { zodResolver } from '@hookform/resolvers/zod';
import {
  SEX_LABELS,
  type TTherapistCurrent,
  type TTherapistProfileUpdate,
  type TTherapistProfileUpdateInput,
  ZTherapistProfileUpdateSchema,
} from '@therapy/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formErrorFrom, setServerErrors } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { useSaveProfile } from '../api/save-profile.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import styles from './TherapistProfile.module.css';

/** The photo (both sizes made on the server), sex with the spec's labels, the video profile and VideoAsk links. */
export function ProfileCard({ therapist }: { therapist: TTherapistCurrent }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const save = useSaveProfile();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<TTherapistProfileUpdateInput, unknown, TTherapistProfileUpdate>({
    resolver: zodResolver(ZTherapistProfileUpdateSchema),
    defaultValues: {
      female: therapist.female,
      video_profile: therapist.video_profile ?? '',
      videoask_link: therapist.videoask_link ?? '',
    },
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) =>
        reset({
          female: saved.female,
          video_profile: saved.video_profile ?? '',
          videoask_link: saved.videoask_link ?? '',
        }),
      onError: (error) => setServerErrors(setError, error, t),
    }),
  );
  const photoError = upload.isError
    ? (formErrorFrom(upload.error, t).fields.file ?? formErrorFrom(upload.error, t).message)
    : null;

  return (
    <Card title={t('therapistProfile.profile.title')}>
      <div className={styles.fields}>
        <div className={styles.photoRow}>
          {therapist.avatar_large ? (
            <img className={styles.photo} src={therapist.avatar_large} alt="" width={96} height={96} />
          ) : (
            <span className={styles.initials} aria-hidden="true">
              {therapist.first_name.charAt(0)}
              {therapist.last_name.charAt(0)}
            </span>
          )}
          <div>
            <label className={styles.fileLabel}>
              <span className={styles.link}>
                {upload.isPending
                  ? t('therapistProfile.profile.photoUploading')
                  : t('therapistProfile.profile.photoUpload')}
              </span>
              <input
                className={styles.fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-describedby="avatar-hint"
                disabled={upload.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) upload.mutate(file);
                  event.target.value = '';
                }}
              />
            </label>
            <p id="avatar-hint" className={styles.muted}>
              {t('therapistProfile.profile.photoHint')}
            </p>
            {photoError && (
              <p className={styles.error} role="alert">
                {photoError}
              </p>
            )}
            {upload.isSuccess && <p role="status">{t('therapistProfile.profile.photoSaved')}</p>}
          </div>
        </div>
        <form className={styles.fields} onSubmit={onSubmit} noValidate aria-label={t('therapistProfile.profile.title')}>
          {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
          <Controller
            name="female"
            control={control}
            render={({ field }) => (
              <ChoiceGroup
                name="female"
                legend={t('therapistProfile.profile.sex')}
                choices={[
                  { value: 'female', label: SEX_LABELS.female },
                  { value: 'male', label: SEX_LABELS.male },
                ]}
                value={field.value ? 'female' : 'male'}
                onChange={(value) => field.onChange(value === 'female')}
                inputRef={field.ref}
                error={errors.female?.message}
              />
            )}
          />
          <div className={styles.columns}>
            <TextField
              {...register('video_profile')}
              type="url"
              inputMode="url"
              label={t('therapistProfile.profile.videoProfile')}
              hint={t('therapistProfile.profile.linkHint')}
              error={errors.video_profile?.message}
            />
            <TextField
              {...register('videoask_link')}
              type="url"
              inputMode="url"
              label={t('therapistProfile.profile.videoaskLink')}
              hint={t('therapistProfile.profile.linkHint')}
              error={errors.videoask_link?.message}
            />
          </div>
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" isLoading={save.isPending} disabled={!isDirty}>
              {t('therapistProfile.profile.save')}
            </Button>
            {save.isSuccess && !isDirty && <p role="status">{t('therapistProfile.profile.saved')}</p>}
          </div>
        </form>
      </div>
    </Card>
  );
}
