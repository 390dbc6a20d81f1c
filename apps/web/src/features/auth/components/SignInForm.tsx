import { type TRole, ZSignInRequestSchema } from '@therapy/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fieldErrorsFromZod, formErrorFrom } from '../../../lib/form-errors.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { safeNextPath } from '../../../lib/next-path.ts';
import { homeOf } from '../../../lib/roles.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { useSignIn } from '../api/sign-in.ts';
import styles from './AuthForm.module.css';
import { EmailField } from './EmailField.tsx';

/**
 * E-mail and password. On success the browser loads the page the user came for (`?next=`, if it is in their own
 * area) or their role's home, so the server renders a fresh `window.App` with the new CSRF token.
 */
export function SignInForm({ forRole: role }: { forRole: TRole }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [params] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { formError, fail, clear } = useFormErrors(formRef);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const parsed = ZSignInRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      fail({ message: null, fields: fieldErrorsFromZod(parsed.error) });
      return;
    }
    clear();
    signIn.mutate(parsed.data, {
      onSuccess: ({ user }) => navigateTo(safeNextPath(params.get('next'), user.role) ?? homeOf(user.role)),
      onError: (error) => fail(formErrorFrom(error, t)),
    });
  };

  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t(`auth.signInTitle.${role}`)}
    >
      {formError.message && <Alert tone="error">{formError.message}</Alert>}
      <EmailField value={email} onChange={setEmail} error={formError.fields.email} />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={formError.fields.password}
      />
      <div className={styles.actions}>
        <Button type="submit" block isLoading={busy}>
          {busy ? t('auth.signingIn') : t('auth.signInSubmit')}
        </Button>
      </div>
    </form>
  );
}
