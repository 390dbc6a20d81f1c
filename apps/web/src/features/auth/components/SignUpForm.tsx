import { zodResolver } from '@hookform/resolvers/zod';
import { CONSENT_VERSION, PASSWORD_MIN_LENGTH, ZSignUpRequestSchema } from '@therapy/contract';
import { CURRENCIES } from '@therapy/contract/rules';
import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readCaptchaSettings } from '../../../lib/captcha-settings.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { homeOf } from '../../../lib/roles.ts';
import { browserHints, visitorDefaults } from '../../../lib/visitor-defaults.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { CheckboxField, TextField } from '../../../ui/Field.tsx';
import { useVisitorGeo } from '../api/get-visitor-geo.ts';
import { useSignUp } from '../api/sign-up.ts';
import styles from './AuthForm.module.css';
import { CaptchaField } from './CaptchaField.tsx';
import { EmailField } from './EmailField.tsx';

/**
 * Client sign-up: e-mail, first name, password and the required consent to processing personal and health data.
 * Sends the consent version, the captcha's token when the plugin is on, and the currency and time zone preselected
 * from the visitor's geo information (spec §7), or from the browser's time zone and language until and unless it
 * comes: the form never waits for it.
 */
export function SignUpForm() {
  const { t } = useTranslation();
  const signUp = useSignUp();
  // Arriving from an employer's invitation: the e-mail is filled in and the usage-sharing line is offered.
  const [params] = useSearchParams();
  const invited = params.get('invite') === 'employer';
  const [captcha] = useState(readCaptchaSettings);
  const [browser] = useState(browserHints);
  const geo = useVisitorGeo();
  const preselected = visitorDefaults(geo.data, browser);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaResets, setCaptchaResets] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZSignUpRequestSchema),
    defaultValues: {
      email: params.get('email') ?? '',
      first_name: '',
      password: '',
      consent_version: CONSENT_VERSION,
      currency: visitorDefaults(null, browser).currency,
      ...(invited ? { share_usage_with_employer: false } : {}),
    },
  });

  const { field: currency } = useController({ control, name: 'currency' });
  const [currencyChosen, setCurrencyChosen] = useState(false);
  const geoCurrency = geo.data?.currency;
  // The geo answer, arriving after the form is up, moves the preselection unless the visitor has chosen already.
  useEffect(() => {
    if (geoCurrency && !currencyChosen) setValue('currency', geoCurrency);
  }, [geoCurrency, currencyChosen, setValue]);

  const onSubmit = handleSubmit((account) => {
    if (captcha && !captchaToken) {
      setError('root.server', { type: 'captcha', message: t('captcha.solveFirst') });
      return;
    }
    signUp.mutate(
      { ...account, tz: preselected.tz, ...(captchaToken ? { captcha_token: captchaToken } : {}) },
      {
        onSuccess: (response) => navigateTo(homeOf(response.user.role)),
        onError: (error) => {
          setServerErrors(setError, error, t);
          // The token is spent whatever the answer: the next try needs a new one.
          if (captcha) setCaptchaResets((n) => n + 1);
        },
      },
    );
  });

  const busy = signUp.isPending || signUp.isSuccess;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.signUpTitle')}>
      {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
      <EmailField field={register('email')} error={errors.email?.message} />
      <TextField
        {...register('first_name')}
        label={t('auth.firstName')}
        autoComplete="given-name"
        required
        error={errors.first_name?.message}
      />
      <TextField
        {...register('password')}
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        error={errors.password?.message}
      />
      <ChoiceGroup
        name="currency"
        legend={t('auth.currencyLegend')}
        hint={t('auth.currencyHint')}
        value={currency.value ?? null}
        onChange={(value) => {
          setCurrencyChosen(true);
          currency.onChange(value);
        }}
        choices={CURRENCIES.map((value) => ({ value, label: t(`payment.currencyName.${value}`) }))}
      />
      <CheckboxField {...register('consent')} label={t('auth.consent')} required error={errors.consent?.message} />
      {invited && (
        <CheckboxField
          {...register('share_usage_with_employer')}
          label={t('auth.shareUsage')}
          hint={t('auth.shareUsageHint')}
        />
      )}
      {captcha && <CaptchaField settings={captcha} onToken={setCaptchaToken} resets={captchaResets} />}
      <div className={styles.actions}>
        <Button type="submit" block isLoading={busy}>
          {busy ? t('auth.signingUp') : t('auth.signUpSubmit')}
        </Button>
      </div>
    </form>
  );
}
