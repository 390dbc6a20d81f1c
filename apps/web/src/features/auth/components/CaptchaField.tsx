import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaError, renderCaptcha, type TCaptchaSettings, type TCaptchaWidget } from '../../../lib/captcha.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import styles from './AuthForm.module.css';

/**
 * The captcha plugin's widget in a form (spec §2, §5). When it fails, the form says in Russian what to do, with
 * the widget's own error ('Failed to load script', 'Captcha element is missing') as the technical reason.
 * `resets` counts the form's failed submits: each one spends the token, so the widget is reset for a new one.
 */
export function CaptchaField({
  settings,
  onToken,
  resets,
}: {
  settings: TCaptchaSettings;
  onToken: (token: string | null) => void;
  resets: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const widget = useRef<TCaptchaWidget | null>(null);
  const tokenHandler = useRef(onToken);
  const [failure, setFailure] = useState<CaptchaError | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    tokenHandler.current = onToken;
  }, [onToken]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` loads the widget again («Загрузить снова»).
  useEffect(() => {
    const controller = new AbortController();
    setFailure(null);
    renderCaptcha(id, settings, { onToken: (token) => tokenHandler.current(token) }, { signal: controller.signal })
      .then((rendered) => {
        widget.current = rendered;
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFailure(error instanceof CaptchaError ? error : new CaptchaError('script'));
      });
    return () => {
      controller.abort();
      widget.current?.remove();
      widget.current = null;
    };
  }, [id, settings, attempt]);

  useEffect(() => {
    if (resets > 0) widget.current?.reset();
  }, [resets]);

  return (
    <fieldset className={styles.captcha}>
      <legend className="visually-hidden">{t('captcha.label')}</legend>
      <div id={id} className={styles.captchaWidget} data-captcha-widget={settings.provider} />
      {failure && (
        <Alert tone="error">
          <p>{t(failure.reason === 'script' ? 'captcha.scriptFailed' : 'captcha.elementMissing')}</p>
          <p className={styles.captchaDetail}>{t('captcha.detail', { message: failure.message })}</p>
          {failure.reason === 'script' && (
            <Button variant="secondary" size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('captcha.retry')}
            </Button>
          )}
        </Alert>
      )}
    </fieldset>
  );
}
