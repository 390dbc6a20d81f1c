import type { TRole } from '@therapy/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { readCaptchaSettings } from '../../../lib/captcha-settings.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { safeNextPath } from '../../../lib/next-path.ts';
import { homeOf } from '../../../lib/roles.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { useSignIn } from '../api/sign-in.ts';
import styles from './AuthForm.module.css';
import { CaptchaField } from './CaptchaField.tsx';
import { EmailField } from './EmailField.tsx';

/** The sign-in page renders without zod: the schema loads as the visitor starts typing. */
const resolver = lazyResolver(() => import('../lib/sign-in-resolver.ts').then((module) => module.signInResolver));

/**
 * E-mail and password. On success the browser loads the page the user came for (`?next=`, if it is in their own
 * area) or their role's home, so the server renders a fresh `window.App` with the new CSRF token. With the captcha
 * plugin on, the server asks for the captcha after repeated failures (`captcha_required`): the widget then appears.
 */
export function SignInForm({ forRole: role }: { forRole: TRole }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [params] = useSearchParams();
  const [captcha] = useState(readCaptchaSettings);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaResets, setCaptchaResets] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((credentials) => {
    if (captchaShown && !captchaToken) {
      setError('root.server', { type: 'captcha', message: t('captcha.solveFirst') });
      return;
    }
    // The page's role: the server refuses another role's account and names its page.
    signIn.mutate(
      { ...credentials, role, ...(captchaShown && captchaToken ? { captcha_token: captchaToken } : {}) },
      {
        onSuccess: ({ user }) => navigateTo(safeNextPath(params.get('next'), user.role) ?? homeOf(user.role)),
        onError: (error) => {
          setServerErrors(setError, error, t);
          const code = isApiError(error) ? error.details?.code : undefined;
          if (captcha && (code === 'captcha_required' || code === 'captcha_failed')) setCaptchaShown(true);
          // A token is spent whatever the answer: the next try needs a new one.
          if (captchaShown) setCaptchaResets((n) => n + 1);
        },
      },
    );
  });

  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      noValidate
      aria-label={t(`auth.signInTitle.${role}`)}
    >
      {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
      <EmailField field={register('email')} error={errors.email?.message} />
      <TextField
        {...register('password')}
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
      />
      {captcha && captchaShown && <CaptchaField settings={captcha} onToken={setCaptchaToken} resets={captchaResets} />}
      <div className={styles.actions}>
        <Button type="submit" block isLoading={busy}>
          {busy ? t('auth.signingIn') : t('auth.signInSubmit')}
        </Button>
      </div>
    </form>
  );
}
