import {
  type TClientPreferences,
  type TQuestion,
  type TTherapistTier,
  ZClientPreferencesSchema,
} from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../i18n/format.ts';
import type { TFormError } from '../../../lib/form-errors.ts';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { TextField } from '../../../ui/Field.tsx';
import styles from './Questionnaire.module.css';
import { StepFrame } from './StepFrame.tsx';

type TMultiKey = 'language_ids' | 'price_tiers' | 'method_codes';
const AGE_MIN = 18;
const AGE_MAX = 100;

const ageText = (value: number | undefined): string => (value === undefined ? '' : String(value));
const ageValue = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * Step 4: the therapist the client would like (sex, age range, languages, price, approaches). Every question is
 * optional; the last «Далее» finishes the questionnaire and runs matching.
 */
export function PreferencesStep({
  questions,
  preferences,
  tierPrices,
  serverError,
  isSaving,
  onBack,
  onSave,
}: {
  questions: readonly TQuestion[];
  preferences: TClientPreferences;
  /** One session's price per tier in the client's currency, shown beside the price choices. */
  tierPrices: Partial<Record<TTherapistTier, { amount: number; currency: string }>>;
  serverError: TFormError;
  isSaving: boolean;
  onBack: () => void;
  onSave: (preferences: TClientPreferences) => void;
}) {
  const { t } = useTranslation();
  const [sex, setSex] = useState(preferences.therapist_sex ?? 'any');
  const [ageMin, setAgeMin] = useState(ageText(preferences.therapist_age?.min));
  const [ageMax, setAgeMax] = useState(ageText(preferences.therapist_age?.max));
  const [multi, setMulti] = useState<Record<TMultiKey, string[]>>({
    language_ids: preferences.language_ids ?? [],
    price_tiers: preferences.price_tiers ?? [],
    method_codes: preferences.method_codes ?? [],
  });
  const [ageError, setAgeError] = useState<string | null>(null);

  const submit = (): void => {
    const min = ageValue(ageMin);
    const max = ageValue(ageMax);
    const outOfRange = [min, max].some((age) => age !== undefined && (age < AGE_MIN || age > AGE_MAX));
    if (outOfRange || (min !== undefined && max !== undefined && min > max)) {
      setAgeError(
        outOfRange
          ? t('signup.preferences.ageRange', { min: AGE_MIN, max: AGE_MAX })
          : t('signup.preferences.ageOrder'),
      );
      document.querySelector<HTMLElement>('input[name="therapist_age_min"]')?.focus();
      return;
    }
    setAgeError(null);
    const asked = new Set(questions.map((question) => question.code));
    const parsed = ZClientPreferencesSchema.safeParse({
      therapist_sex: asked.has('therapist_sex') ? sex : undefined,
      therapist_age: asked.has('therapist_age') && (min !== undefined || max !== undefined) ? { min, max } : undefined,
      language_ids: asked.has('language_ids') ? multi.language_ids : undefined,
      price_tiers: asked.has('price_tiers') ? multi.price_tiers : undefined,
      method_codes: asked.has('method_codes') ? multi.method_codes : undefined,
    });
    if (parsed.success) onSave(parsed.data);
  };

  const describeOption = (question: TQuestion, code: string): string | undefined => {
    if (question.code !== 'price_tiers') return undefined;
    const price = tierPrices[code as TTherapistTier];
    return price ? t('signup.preferences.tierPrice', { price: formatMoney(price.amount, price.currency) }) : undefined;
  };

  return (
    <StepFrame
      step="preferences"
      title={t('signup.preferences.title')}
      lead={t('signup.preferences.lead')}
      error={serverError.message}
      isSaving={isSaving}
      submitLabel={t('signup.finish')}
      onBack={onBack}
      onSubmit={submit}
    >
      {questions.map((question) => {
        if (question.code === 'topic_codes') return null;
        if (question.code === 'therapist_sex') {
          return (
            <ChoiceGroup
              key={question.code}
              name="therapist_sex"
              legend={question.title}
              hint={question.hint}
              value={sex}
              choices={question.options.map((option) => ({ value: option.code, label: option.label }))}
              onChange={(next) => setSex(next as typeof sex)}
            />
          );
        }
        if (question.code === 'therapist_age') {
          return (
            <fieldset key={question.code} className={styles.ageGroup}>
              <legend className={styles.ageLegend}>
                <strong>{question.title}</strong>
              </legend>
              {question.hint && <p className={styles.lead}>{question.hint}</p>}
              <div className={styles.row}>
                <TextField
                  label={t('signup.preferences.ageFrom')}
                  name="therapist_age_min"
                  inputMode="numeric"
                  value={ageMin}
                  onChange={(event) => setAgeMin(event.target.value.replace(/[^\d]/g, ''))}
                  error={ageError}
                />
                <TextField
                  label={t('signup.preferences.ageTo')}
                  name="therapist_age_max"
                  inputMode="numeric"
                  value={ageMax}
                  onChange={(event) => setAgeMax(event.target.value.replace(/[^\d]/g, ''))}
                  aria-invalid={ageError ? true : undefined}
                />
              </div>
            </fieldset>
          );
        }
        const key = question.code as TMultiKey;
        return (
          <ChoiceGroup
            key={question.code}
            multiple
            name={question.code}
            legend={question.title}
            hint={question.hint}
            value={multi[key]}
            error={serverError.fields[key]}
            choices={question.options.map((option) => ({
              value: option.code,
              label: option.label,
              description: describeOption(question, option.code),
            }))}
            onChange={(next) => setMulti((current) => ({ ...current, [key]: next }))}
          />
        );
      })}
    </StepFrame>
  );
}
