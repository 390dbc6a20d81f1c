import { zodResolver } from '@hookform/resolvers/zod';
import {
  GENOM_GROUPS,
  GENOM_TEXT_LIMITS,
  type TGenom,
  type TGenomUpdate,
  type TGenomUpdateInput,
  ZGenomUpdateSchema,
} from '@therapy/contract';
import { isGenomChanged } from '@therapy/contract/rules';
import { useEffect } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegisterReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { TextAreaField, TextField } from '../../../ui/Field.tsx';
import { useSaveGenom } from '../api/save-genom.ts';
import { GENOM_OPTIONS, type TGenomListField } from '../lib/genom-options.ts';
import styles from './TherapistProfile.module.css';

type TForm = Control<TGenomUpdateInput, unknown, TGenomUpdate>;
type TErrors = FieldErrors<TGenomUpdateInput>;

const YES_NO_FIELDS = [
  'offline_consultation',
  'audio_consultation',
  'medical_education',
  'nutritional_expertise',
] as const;
type TYesNoField = (typeof YES_NO_FIELDS)[number];
const TEXT_FIELDS = ['address', 'other_professions'] as const;

function ListField({ name, control, errors }: { name: TGenomListField; control: TForm; errors: TErrors }) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <ChoiceGroup
          multiple
          name={name}
          legend={t(`therapistProfile.genom.fields.${name}`)}
          hint={name === 'working_methods' ? t('therapistProfile.genom.hints.working_methods') : undefined}
          choices={GENOM_OPTIONS[name]}
          value={field.value ?? []}
          onChange={field.onChange}
          inputRef={field.ref}
          error={errors[name]?.message}
        />
      )}
    />
  );
}

function YesNoField({ name, control, errors }: { name: TYesNoField; control: TForm; errors: TErrors }) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <ChoiceGroup
          name={name}
          legend={t(`therapistProfile.genom.fields.${name}`)}
          choices={[
            { value: 'yes', label: t('therapistProfile.genom.yes') },
            { value: 'no', label: t('therapistProfile.genom.no') },
          ]}
          value={field.value === null || field.value === undefined ? null : field.value ? 'yes' : 'no'}
          onChange={(value) => field.onChange(value === 'yes')}
          inputRef={field.ref}
          error={errors[name]?.message}
        />
      )}
    />
  );
}

/** The description with its length, watched on its own so typing re-renders only this field. */
function DescField({
  control,
  field,
  error,
}: {
  control: TForm;
  field: UseFormRegisterReturn<'desc'>;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const desc = useWatch({ control, name: 'desc' });
  return (
    <TextAreaField
      {...field}
      label={t('therapistProfile.genom.fields.desc')}
      hint={`${t('therapistProfile.genom.hints.desc')} ${t('therapistProfile.genom.textLeft', { count: desc?.length ?? 0, max: GENOM_TEXT_LIMITS.desc })}`}
      maxLength={GENOM_TEXT_LIMITS.desc}
      rows={5}
      error={error}
    />
  );
}

/** Whether the edited copy differs from the base copy (spec §4 'changed'); watched here, not by the whole form. */
function useChanged(control: TForm, base: TGenom): boolean {
  const values = useWatch({ control });
  return isGenomChanged(values, base);
}

function SavedNotice({ control, base }: { control: TForm; base: TGenom }) {
  const { t } = useTranslation();
  return useChanged(control, base) ? null : <Alert tone="success">{t('therapistProfile.genom.saved')}</Alert>;
}

/** The sticky bar: the unsaved-changes mark, «Отменить изменения», «Сохранить»; asks before leaving with changes. */
function SaveBar({
  control,
  base,
  saving,
  onReset,
}: {
  control: TForm;
  base: TGenom;
  saving: boolean;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const changed = useChanged(control, base);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changed && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('therapistProfile.genom.leaveConfirm'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);
  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);
  return (
    <div className={styles.saveBar}>
      <p className={changed ? styles.changed : styles.muted} role="status">
        {changed ? t('therapistProfile.genom.changed') : t('therapistProfile.genom.unchanged')}
      </p>
      <div className={styles.actions}>
        {changed && (
          <Button type="button" variant="ghost" onClick={onReset}>
            {t('therapistProfile.genom.reset')}
          </Button>
        )}
        <Button type="submit" isLoading={saving} disabled={!changed}>
          {saving ? t('therapistProfile.genom.saving') : t('therapistProfile.genom.save')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The genom form: the base fields, then the groups 'about clients' and 'private info'. The saved genom is
 * the base copy; the form marks unsaved changes by the spec's 'changed' rule (arrays by content) and asks
 * before leaving with them.
 */
export function GenomForm({ base }: { base: TGenom }) {
  const { t } = useTranslation();
  const save = useSaveGenom();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TGenomUpdateInput, unknown, TGenomUpdate>({
    resolver: zodResolver(ZGenomUpdateSchema),
    defaultValues: base,
  });
  // A reload (6 hours, another tab saving) brings a new base: the form follows it.
  useEffect(() => reset(base), [base, reset]);

  const onSubmit = handleSubmit((genom) => {
    save.mutate(genom, {
      onSuccess: (saved) => reset(saved.genom),
      onError: (error) => setServerErrors(setError, error, t),
    });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('therapistProfile.genom.title')}>
      {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
      {save.isSuccess && <SavedNotice control={control} base={base} />}
      <Card title={t('therapistProfile.genom.baseTitle')}>
        <div className={styles.fields}>
          <DescField control={control} field={register('desc')} error={errors.desc?.message} />
          <Controller
            name="dob"
            control={control}
            render={({ field }) => (
              <TextField
                ref={field.ref}
                name={field.name}
                type="date"
                label={t('therapistProfile.genom.fields.dob')}
                hint={t('therapistProfile.genom.hints.dob')}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
                onBlur={field.onBlur}
                error={errors.dob?.message}
              />
            )}
          />
          <ListField name="language_ids" control={control} errors={errors} />
          <ListField name="topics" control={control} errors={errors} />
          <ListField name="couple_topics" control={control} errors={errors} />
        </div>
      </Card>
      <Card title={t('therapist.genomGroups.about_clients')}>
        <div className={styles.fields}>
          {GENOM_GROUPS.about_clients.map((name) => (
            <ListField key={name} name={name} control={control} errors={errors} />
          ))}
        </div>
      </Card>
      <Card title={t('therapist.genomGroups.private_info')}>
        <div className={styles.fields}>
          {TEXT_FIELDS.map((name) => (
            <TextField
              key={name}
              {...register(name)}
              label={t(`therapistProfile.genom.fields.${name}`)}
              maxLength={GENOM_TEXT_LIMITS[name]}
              error={errors[name]?.message}
            />
          ))}
          <Controller
            name="family_status"
            control={control}
            render={({ field }) => (
              <ChoiceGroup
                name="family_status"
                legend={t('therapistProfile.genom.fields.family_status')}
                choices={GENOM_OPTIONS.family_status}
                value={field.value ?? null}
                onChange={field.onChange}
                inputRef={field.ref}
                error={errors.family_status?.message}
              />
            )}
          />
          <ListField name="working_methods" control={control} errors={errors} />
          <ListField name="communication_format" control={control} errors={errors} />
          {YES_NO_FIELDS.map((name) => (
            <YesNoField key={name} name={name} control={control} errors={errors} />
          ))}
        </div>
      </Card>
      <SaveBar control={control} base={base} saving={save.isPending} onReset={() => reset(base)} />
    </form>
  );
}
