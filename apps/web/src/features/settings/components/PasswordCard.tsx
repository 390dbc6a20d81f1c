import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangePasswordRequestSchema } from '@therapy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { useChangePassword } from '../api/change-password.ts';
import styles from './Settings.module.css';

/** «Смена пароля»: the current password and a new one; every other session is ended. */
export function PasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZChangePasswordRequestSchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const onSubmit = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => reset(),
      onError: (error) => setServerErrors(setError, error, t),
    }),
  );
  return (
    <Card title={t('settings.passwordTitle')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('settings.passwordTitle')}>
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        {change.isSuccess && (
          <Alert tone="success">{t('settings.passwordChanged', { count: change.data.ended_sessions })}</Alert>
        )}
        <TextField
          {...register('current_password')}
          label={t('settings.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.current_password?.message}
        />
        <TextField
          {...register('new_password')}
          label={t('settings.newPassword')}
          hint={t('settings.newPasswordHint')}
          type="password"
          autoComplete="new-password"
          required
          error={errors.new_password?.message}
        />
        <p className={styles.note}>{t('settings.passwordNote')}</p>
        <div>
          <Button type="submit" isLoading={change.isPending}>
            {t('settings.changePassword')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
