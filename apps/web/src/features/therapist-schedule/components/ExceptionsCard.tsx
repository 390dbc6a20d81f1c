import { zodResolver } from '@hookform/resolvers/zod';
import type { TSchedule } from '@therapy/contract';
import { ZAvailabilityExceptionKindSchema, ZLocalDateSchema } from '@therapy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatDayMonth, weekdayNames } from '../../../i18n/format.ts';
import { errorMessageFrom, setServerErrors } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { SelectField, TextField } from '../../../ui/Field.tsx';
import { useAddException } from '../api/add-exception.ts';
import { useDeleteException } from '../api/delete-exception.ts';
import { fromHhmm, HHMM, toHhmm } from '../lib/minutes.ts';
import { ClashList, hasClashes } from './ClashList.tsx';
import styles from './TherapistSchedule.module.css';

const ZExceptionFormSchema = z
  .object({
    date: ZLocalDateSchema,
    kind: ZAvailabilityExceptionKindSchema,
    start: z.string(),
    end: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'day_off') return;
    if (!HHMM.test(v.start)) ctx.addIssue({ code: 'custom', path: ['start'], message: 'Укажите начало' });
    if (!HHMM.test(v.end)) ctx.addIssue({ code: 'custom', path: ['end'], message: 'Укажите конец' });
    else if (HHMM.test(v.start) && fromHhmm(v.start) >= fromHhmm(v.end, true)) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'Конец должен быть позже начала' });
    }
  });
type TExceptionForm = z.infer<typeof ZExceptionFormSchema>;

/** Days off and extra hours on single dates: the coming ones listed, each deletable, and a form to add one. */
export function ExceptionsCard({ schedule, today }: { schedule: TSchedule; today: string }) {
  const { t, i18n } = useTranslation();
  const add = useAddException();
  const remove = useDeleteException();
  const days = weekdayNames(i18n.language, 'short');
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors },
  } = useForm<TExceptionForm>({
    resolver: zodResolver(ZExceptionFormSchema),
    defaultValues: { date: today, kind: 'day_off', start: '10:00', end: '14:00' },
  });
  const kind = watch('kind');
  const onSubmit = handleSubmit((form) =>
    add.mutate(
      form.kind === 'day_off'
        ? { date: form.date, kind: 'day_off' }
        : {
            date: form.date,
            kind: 'extra_hours',
            start_minute: fromHhmm(form.start),
            end_minute: fromHhmm(form.end, true),
          },
      {
        onSuccess: () => reset({ ...form }),
        onError: (error) => {
          if (!hasClashes(error)) setServerErrors(setError, error, t);
        },
      },
    ),
  );
  const dayName = (date: string) => days[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];

  return (
    <Card title={t('therapistSchedule.exceptions.title')}>
      {schedule.exceptions.length === 0 ? (
        <p className={styles.muted}>{t('therapistSchedule.exceptions.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {schedule.exceptions.map((e) => {
            const label = `${dayName(e.date)}, ${formatDayMonth(e.date, i18n.language)}`;
            return (
              <li key={e.id} className={styles.listItem}>
                <span>
                  {label} —{' '}
                  {e.kind === 'day_off'
                    ? t('therapistSchedule.exceptions.dayOff')
                    : `${t('therapistSchedule.exceptions.extra')} ${toHhmm(e.start_minute ?? 0)}–${toHhmm(e.end_minute ?? 0)}`}
                </span>
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={t('therapistSchedule.exceptions.deleteLabel', { date: label })}
                  isLoading={remove.isPending && remove.variables === e.id}
                  onClick={() => remove.mutate(e.id)}
                >
                  {t('therapistSchedule.exceptions.delete')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ClashList error={remove.error} tz={schedule.tz} />
      {remove.isError && !hasClashes(remove.error) && <Alert tone="error">{errorMessageFrom(remove.error, t)}</Alert>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.row}>
          <TextField
            label={t('therapistSchedule.exceptions.date')}
            type="date"
            min={today}
            {...register('date')}
            error={errors.date?.message}
          />
          <SelectField
            label={t('therapistSchedule.exceptions.kind')}
            options={[
              { value: 'day_off', label: t('therapistSchedule.exceptions.dayOff') },
              { value: 'extra_hours', label: t('therapistSchedule.exceptions.extra') },
            ]}
            {...register('kind')}
          />
          {kind === 'extra_hours' && (
            <>
              <TextField
                label={t('therapistSchedule.hours.from')}
                type="time"
                {...register('start')}
                error={errors.start?.message}
              />
              <TextField
                label={t('therapistSchedule.hours.to')}
                type="time"
                {...register('end')}
                error={errors.end?.message}
              />
            </>
          )}
        </div>
        <ClashList error={add.error} tz={schedule.tz} />
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" isLoading={add.isPending}>
            {t('therapistSchedule.exceptions.add')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
