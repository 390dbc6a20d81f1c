import { zodResolver } from '@hookform/resolvers/zod';
import { ZApplyPromocodeRequestSchema } from '@therapy/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { formErrorFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { useApplyPromocode } from '../api/apply-promocode.ts';
import styles from './PromocodeForm.module.css';

/**
 * Applies a promo code. The server's Russian message explains a refusal (unknown, expired, used up, another
 * currency) under the field; an employee whose employer barred promo codes is told so.
 */
export function PromocodeForm({ label }: { label?: string }) {
  const { t } = useTranslation();
  const apply = useApplyPromocode();
  const statusId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZApplyPromocodeRequestSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(({ code }) => {
    apply.mutate(code, {
      onSuccess: () => reset(),
      onError: (failure) => {
        const formError = formErrorFrom(failure, t);
        const message =
          isApiError(failure) && failure.code === 'promocode_blocked'
            ? (failure.details?.message ?? t('promocode.blocked'))
            : (formError.fields.code ?? formError.message ?? t('errors.generic'));
        // Every refusal is about the code: it shows under the field, which takes focus.
        setError('code', { type: 'server', message }, { shouldFocus: true });
      },
    });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('promocode.formLabel')}>
      <div className={styles.row}>
        <TextField
          {...register('code')}
          className={styles.input}
          label={label ?? t('promocode.label')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.code?.message}
        />
        <Button type="submit" variant="secondary" isLoading={apply.isPending} className={styles.apply}>
          {t('promocode.apply')}
        </Button>
      </div>
      <div id={statusId} aria-live="polite">
        {apply.isSuccess && apply.data.active && (
          <Alert tone="success">
            {t('promocode.applied', { code: apply.data.code ?? '' })}
            {apply.data.description && ` ${apply.data.description}`}
          </Alert>
        )}
      </div>
    </form>
  );
}
