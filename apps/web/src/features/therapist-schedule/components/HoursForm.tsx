import { zodResolver } from '@hookform/resolvers/zod';
import type { TSchedule } from '@therapy/contract';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { weekdayNames } from '../../../i18n/format.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { CheckboxField, TextField } from '../../../ui/Field.tsx';
import { useSaveSchedule } from '../api/save-schedule.ts';
import { type THoursForm, toHoursForm, toScheduleUpdate, ZHoursFormSchema } from '../lib/hours-form.ts';
import { ClashList, hasClashes } from './ClashList.tsx';
import styles from './TherapistSchedule.module.css';

/** Weekly hours per weekday (several windows a day), session length and buffer; saved at once. */
export function HoursForm({ schedule }: { schedule: TSchedule }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSchedule();
  const days = weekdayNames(i18n.language);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<THoursForm>({ resolver: zodResolver(ZHoursFormSchema), defaultValues: toHoursForm(schedule) });
  const { fields, append, remove } = useFieldArray({ control, name: 'windows' });

  const onSubmit = handleSubmit((form) =>
    save.mutate(toScheduleUpdate(form), {
      onSuccess: (saved) => reset(toHoursForm(saved)),
      onError: (error) => {
        if (!hasClashes(error)) setServerErrors(setError, error, t);
      },
    }),
  );

  return (
    <Card title={t('therapistSchedule.hours.title')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.row}>
          <TextField
            label={t('therapistSchedule.hours.session')}
            type="number"
            inputMode="numeric"
            {...register('session_minutes', { valueAsNumber: true })}
            error={errors.session_minutes?.message}
          />
          <TextField
            label={t('therapistSchedule.hours.buffer')}
            type="number"
            inputMode="numeric"
            {...register('buffer_minutes', { valueAsNumber: true })}
            error={errors.buffer_minutes?.message}
          />
        </div>
        <CheckboxField label={t('therapistSchedule.hours.accepting')} {...register('accepting_clients')} />
        {days.map((dayName, weekday) => {
          const ofDay = fields.map((field, index) => ({ field, index })).filter((f) => f.field.weekday === weekday);
          return (
            <fieldset key={dayName} className={styles.day}>
              <legend className={styles.dayName}>{dayName}</legend>
              {ofDay.length === 0 && <span className={styles.muted}>{t('therapistSchedule.hours.dayOff')}</span>}
              {ofDay.map(({ field, index }) => (
                <div key={field.id} className={styles.window}>
                  <TextField
                    label={t('therapistSchedule.hours.from')}
                    type="time"
                    {...register(`windows.${index}.start`)}
                    error={errors.windows?.[index]?.start?.message}
                  />
                  <TextField
                    label={t('therapistSchedule.hours.to')}
                    type="time"
                    {...register(`windows.${index}.end`)}
                    error={errors.windows?.[index]?.end?.message}
                  />
                  <Button type="button" variant="ghost" size="small" onClick={() => remove(index)}>
                    {t('therapistSchedule.hours.remove')}
                  </Button>
                </div>
              ))}
              <Button
                type="button"
                variant="secondary"
                size="small"
                onClick={() => append({ weekday, start: '10:00', end: '18:00' })}
              >
                {t('therapistSchedule.hours.add')}
              </Button>
            </fieldset>
          );
        })}
        <ClashList error={save.error} tz={schedule.tz} />
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        {save.isSuccess && !isDirty && <Alert tone="success">{t('therapistSchedule.hours.saved')}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" isLoading={save.isPending}>
            {t('therapistSchedule.hours.save')}
          </Button>
          {isDirty && <span className={styles.muted}>{t('therapistSchedule.hours.unsaved')}</span>}
        </div>
      </form>
    </Card>
  );
}
