import { CONSENT_VERSION, PASSWORD_MIN_LENGTH, ZSignUpRequestSchema } from '@therapy/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsFromZod, formErrorFrom } from '../../../lib/form-errors.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { homeOf } from '../../../lib/roles.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { CheckboxField, TextField } from '../../../ui/Field.tsx';
import { useSignUp } from '../api/sign-up.ts';
import styles from './AuthForm.module.css';
import { EmailField } from './EmailField.tsx';

/**
 * Client sign-up: e-mail, first name, password and the required consent to processing personal and health data.
 * Sends the consent version and the browser's time zone with it.
 */
export function SignUpForm() {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [password, setPassword] = useState('');
  const [consent, setConsent] = useState(false);
  const { formError, fail, clear } = useFormErrors(formRef);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const parsed = ZSignUpRequestSchema.safeParse({
      email,
      first_name: firstName,
      password,
      consent,
      consent_version: CONSENT_VERSION,
      tz: browserTimeZone(),
    });
    if (!parsed.success) {
      fail({ message: null, fields: fieldErrorsFromZod(parsed.error) });
      return;
    }
    clear();
    signUp.mutate(parsed.data, {
      onSuccess: (response) => navigateTo(homeOf(response.user.role)),
      onError: (error) => fail(formErrorFrom(error, t)),
    });
  };

  const busy = signUp.isPending || signUp.isSuccess;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.signUpTitle')}>
      {formError.message && <Alert tone="error">{formError.message}</Alert>}
      <EmailField value={email} onChange={setEmail} error={formError.fields.email} />
      <TextField
        label={t('auth.firstName')}
        name="first_name"
        autoComplete="given-name"
        required
        value={firstName}
        onChange={(event) => setFirstName(event.target.value)}
        error={formError.fields.first_name}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={formError.fields.password}
      />
      <CheckboxField
        label={t('auth.consent')}
        name="consent"
        required
        checked={consent}
        onChange={(event) => setConsent(event.target.checked)}
        error={formError.fields.consent}
      />
      <div className={styles.actions}>
        <Button type="submit" block isLoading={busy}>
          {busy ? t('auth.signingUp') : t('auth.signUpSubmit')}
        </Button>
      </div>
    </form>
  );
}
