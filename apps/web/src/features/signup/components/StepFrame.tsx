import { type FormEventHandler, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Progress } from '../../../ui/Progress.tsx';
import { QUESTIONNAIRE_STEPS, stepNumber, type TQuestionnaireStep } from '../lib/questionnaire-steps.ts';
import styles from './Questionnaire.module.css';

/**
 * One step of the questionnaire: «Шаг 2 из 4», its title, the fields, and «Назад» / «Далее». The title takes focus
 * when the step appears, so keyboard and screen reader users start at the top of the new step.
 */
export function StepFrame({
  step,
  title,
  lead,
  error,
  isSaving,
  submitLabel,
  onBack,
  onSubmit,
  children,
}: {
  step: TQuestionnaireStep;
  title: string;
  lead?: string;
  error?: string | null;
  isSaving: boolean;
  submitLabel?: string;
  onBack?: () => void;
  /** The form's submit handler (react-hook-form's handleSubmit of the step). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const number = stepNumber(step);
  const total = QUESTIONNAIRE_STEPS.length;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <form className={styles.step} onSubmit={onSubmit} noValidate aria-labelledby={`step-${step}`}>
      <Progress
        label={t('signup.stepOf', { number, total })}
        value={(number / total) * 100}
        valueText={t('common.percent', { value: Math.round((number / total) * 100) })}
      />
      <div className={styles.stepHeader}>
        <h2 id={`step-${step}`} ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {title}
        </h2>
        {lead && <p className={styles.lead}>{lead}</p>}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className={styles.fields}>{children}</div>
      <div className={styles.actions}>
        {onBack && (
          <Button variant="secondary" onClick={onBack} disabled={isSaving}>
            {t('signup.back')}
          </Button>
        )}
        <Button type="submit" isLoading={isSaving} className={styles.next}>
          {isSaving ? t('signup.saving') : (submitLabel ?? t('signup.next'))}
        </Button>
      </div>
    </form>
  );
}
