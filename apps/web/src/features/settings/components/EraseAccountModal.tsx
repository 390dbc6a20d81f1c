import { zodResolver } from '@hookform/resolvers/zod';
import { ZEraseAccountRequestSchema } from '@therapy/contract';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { useEraseAccount } from '../api/erase-account.ts';
import styles from './Settings.module.css';

const FORM_ID = 'erase-account-form';

/**
 * «Удалить аккаунт?»: says what happens (future sessions cancelled by the cancellation rules, the
 * data deleted, payment records kept without health data, no way back) and asks for the password.
 * A wrong password is said on the field and nothing changes; once erased, the only way is out.
 */
export function EraseAccountModal({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const erase = useEraseAccount();
  // Once erased there is no account to stay in: however the dialog is closed (×, Escape), the way is out.
  const erased = useRef(false);
  erased.current = erase.isSuccess;
  useEffect(
    () => () => {
      if (erased.current) navigateTo('/');
    },
    [],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZEraseAccountRequestSchema), defaultValues: { password: '' } });
  const onSubmit = handleSubmit((body) =>
    erase.mutate(body, { onError: (error) => setServerErrors(setError, error, t) }),
  );

  if (erase.isSuccess) {
    return (
      <DynamicModal
        title={t('settings.erasedTitle')}
        footer={<Button onClick={() => navigateTo('/')}>{t('settings.erasedHome')}</Button>}
      >
        <Alert tone="success">{t('settings.erasedText', { count: erase.data.cancelled_sessions })}</Alert>
      </DynamicModal>
    );
  }

  return (
    <DynamicModal
      title={t('settings.eraseDialogTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('settings.eraseCancel')}
          </Button>
          <Button variant="danger" type="submit" form={FORM_ID} isLoading={erase.isPending}>
            {t('settings.eraseConfirm')}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('settings.eraseDialogTitle')}
      >
        <ul className={styles.consequences}>
          <li>{t('settings.eraseSessions')}</li>
          <li>{t('settings.erasePartner')}</li>
          <li>{t('settings.erasePasses')}</li>
          <li>{t('settings.eraseData')}</li>
          <li>{t('settings.eraseKept')}</li>
          <li>
            <strong>{t('settings.eraseIrreversible')}</strong>
          </li>
        </ul>
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <TextField
          {...register('password')}
          label={t('settings.erasePassword')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
        />
      </form>
    </DynamicModal>
  );
}
