import { type TSignupProfile, type TSignupProfileUpdate, ZSignupProfileUpdateSchema } from '@therapy/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsFromZod, type TFormError } from '../../../lib/form-errors.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { SelectField, TextField } from '../../../ui/Field.tsx';
import { timeZoneOptions } from '../lib/time-zones.ts';
import styles from './Questionnaire.module.css';
import { StepFrame } from './StepFrame.tsx';

/** Step 1: name, age and time zone (every session time is shown in it). */
export function ProfileStep({
  profile,
  serverError,
  isSaving,
  onSave,
}: {
  profile: TSignupProfile;
  serverError: TFormError;
  isSaving: boolean;
  onSave: (values: Omit<TSignupProfileUpdate, 'step'>) => void;
}) {
  const { t } = useTranslation();
  const [firstName, setFirstName] = useState(profile.first_name);
  const [lastName, setLastName] = useState(profile.last_name);
  const [age, setAge] = useState(profile.age === null ? '' : String(profile.age));
  const [tz, setTz] = useState(profile.tz || browserTimeZone() || 'Europe/Moscow');
  const [fieldErrors, setFieldErrors] = useState<TFormError['fields']>({});
  const zones = useMemo(() => timeZoneOptions(tz), [tz]);
  const errors = { ...serverError.fields, ...fieldErrors };

  const submit = (): void => {
    const values = {
      first_name: firstName,
      last_name: lastName,
      age: age.trim() === '' ? undefined : Number(age.trim()),
      tz,
    };
    const parsed = ZSignupProfileUpdateSchema.safeParse(values);
    const fields = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
    if (values.age === undefined) fields.age = t('signup.profile.ageRequired');
    setFieldErrors(fields);
    if (!parsed.success || Object.keys(fields).length > 0) {
      const first = Object.keys(fields)[0];
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSave(parsed.data);
  };

  return (
    <StepFrame
      step="profile"
      title={t('signup.profile.title')}
      lead={t('signup.profile.lead')}
      error={serverError.message}
      isSaving={isSaving}
      onSubmit={submit}
    >
      <div className={styles.row}>
        <TextField
          label={t('signup.profile.firstName')}
          name="first_name"
          autoComplete="given-name"
          required
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={errors.first_name}
        />
        <TextField
          label={t('signup.profile.lastName')}
          name="last_name"
          autoComplete="family-name"
          hint={t('signup.profile.lastNameHint')}
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={errors.last_name}
        />
      </div>
      <TextField
        className={styles.ageField}
        label={t('signup.profile.age')}
        name="age"
        inputMode="numeric"
        autoComplete="off"
        required
        value={age}
        onChange={(event) => setAge(event.target.value.replace(/[^\d]/g, ''))}
        error={errors.age}
      />
      <SelectField
        label={t('signup.profile.tz')}
        hint={t('signup.profile.tzHint')}
        name="tz"
        value={tz}
        options={zones}
        onChange={(event) => setTz(event.target.value)}
        error={errors.tz}
      />
    </StepFrame>
  );
}
