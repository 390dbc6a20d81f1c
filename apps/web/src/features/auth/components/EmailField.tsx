import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/Field.tsx';

/** The e-mail field of the sign-in and sign-up forms. */
export function EmailField({ field, error }: { field: UseFormRegisterReturn<'email'>; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <TextField
      {...field}
      label={t('auth.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      error={error}
    />
  );
}
