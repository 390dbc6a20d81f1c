import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/Field.tsx';

/** The e-mail field of the sign-in and sign-up forms. */
export function EmailField(props: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.email')}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={props.error}
    />
  );
}
