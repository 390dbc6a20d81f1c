import { zodResolver } from '@hookform/resolvers/zod';
import { type TSignupProfile, type TSignupProfileUpdate, ZSignupProfileUpdateSchema } from '@therapy/contract';
import { DEFAULT_TIME_ZONE } from '@therapy/contract/rules';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { timeZoneOptions } from '../../../lib/time-zones.ts';
import { SelectField, TextField } from '../../../ui/Field.tsx';
import styles from './Questionnaire.module.css';
import { StepFrame } from './StepFrame.tsx';

const profile = ZSignupProfileUpdateSchema.shape;

/** Step 1: name, age and time zone (every session time is shown in it). */
export function ProfileStep({
  profile: saved,
  isSaving,
  onSave,
}: {
  profile: TSignupProfile;
  isSaving: boolean;
  /** Saves the profile; a rejection is shown on the form. */
  onSave: (values: Omit<TSignupProfileUpdate, 'step'>) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  // The contract's rules, with the age typed as text (digits only) and asked for here.
  const schema = useMemo(
    () =>
      z.object({
        first_name: profile.first_name.unwrap(),
        last_name: profile.last_name.unwrap(),
        age: z
          .string()
          .trim()
          .min(1, { error: t('signup.profile.ageRequired') })
          .transform(Number)
          .pipe(profile.age.unwrap()),
        tz: profile.tz.unwrap(),
      }),
    [t],
  );
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      first_name: saved.first_name,
      last_name: saved.last_name,
      age: saved.age === null ? '' : String(saved.age),
      tz: saved.tz || browserTimeZone() || DEFAULT_TIME_ZONE,
    },
  });
  const tz = useWatch({ control, name: 'tz' });
  const zones = useMemo(() => timeZoneOptions(tz, i18n.language), [tz, i18n.language]);
  const { errors } = formState;

  return (
    <StepFrame
      step="profile"
      title={t('signup.profile.title')}
      lead={t('signup.profile.lead')}
      error={errors.root?.server?.message}
      isSaving={isSaving}
      onSubmit={handleSubmit((values) => onSave(values).catch((error: unknown) => setServerErrors(setError, error, t)))}
    >
      <div className={styles.row}>
        <TextField
          {...register('first_name')}
          label={t('signup.profile.firstName')}
          autoComplete="given-name"
          required
          error={errors.first_name?.message}
        />
        <TextField
          {...register('last_name')}
          label={t('signup.profile.lastName')}
          autoComplete="family-name"
          hint={t('signup.profile.lastNameHint')}
          error={errors.last_name?.message}
        />
      </div>
      <Controller
        control={control}
        name="age"
        render={({ field }) => (
          <TextField
            {...field}
            className={styles.ageField}
            label={t('signup.profile.age')}
            inputMode="numeric"
            autoComplete="off"
            required
            onChange={(event) => field.onChange(event.target.value.replace(/[^\d]/g, ''))}
            error={errors.age?.message}
          />
        )}
      />
      <SelectField
        {...register('tz')}
        label={t('signup.profile.tz')}
        hint={t('signup.profile.tzHint')}
        options={zones}
        error={errors.tz?.message}
      />
    </StepFrame>
  );
}
