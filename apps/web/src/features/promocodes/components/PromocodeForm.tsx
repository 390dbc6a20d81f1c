import { ZApplyPromocodeRequestSchema } from '@therapy/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { formErrorFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { useApplyPromocode } from '../api/apply-promocode.ts';
import styles from './Promocode.module.css';

/**
 * Applies a promo code. The server's Russian message explains a refusal (unknown, expired, used up, another
 * currency); an employee whose employer barred promo codes is told so.
 */
export function PromocodeForm({ label }: { label?: string }) {
  const { t } = useTranslation();
  const apply = useApplyPromocode();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const parsed = ZApplyPromocodeRequestSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('promocode.required'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    apply.mutate(parsed.data.code, {
      onSuccess: () => setCode(''),
      onError: (failure) => {
        if (isApiError(failure) && failure.code === 'promocode_blocked') {
          setError(failure.details?.message ?? t('promocode.blocked'));
        } else {
          const formError = formErrorFrom(failure, t);
          setError(formError.fields.code ?? formError.message ?? t('errors.generic'));
        }
        inputRef.current?.focus();
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('promocode.formLabel')}>
      <div className={styles.row}>
        <TextField
          ref={inputRef}
          className={styles.input}
          label={label ?? t('promocode.label')}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
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
