import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TClientPreferences,
  type TQuestion,
  type TTherapistTier,
  ZClientPreferencesSchema,
  ZTherapistSexPreferenceSchema,
} from '@therapy/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatMoney } from '../../../i18n/format.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { TextField } from '../../../ui/Field.tsx';
import styles from './Questionnaire.module.css';
import { StepFrame } from './StepFrame.tsx';

type TMultiKey = 'language_ids' | 'price_tiers' | 'method_codes';
const AGE_MIN = 18;
const AGE_MAX = 100;

const ageText = (value: number | undefined): string => (value === undefined ? '' : String(value));
const ageValue = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));
const digitsOnly = (text: string): string => text.replace(/[^\d]/g, '');
/** How long the answers rest before a draft of them is saved (the live count of matching therapists follows). */
const DRAFT_DELAY_MS = 400;

/**
 * Step 4: the therapist the client would like (sex, age range, languages, price, approaches). Every question is
 * optional; the last «Далее» finishes the questionnaire and runs matching.
 */
export function PreferencesStep({
  questions,
  preferences,
  tierPrices,
  isSaving,
  onBack,
  onSave,
  onDraft,
}: {
  questions: readonly TQuestion[];
  preferences: TClientPreferences;
  /** One session's price per tier in the client's currency, shown beside the price choices. */
  tierPrices: Partial<Record<TTherapistTier, { amount: number; currency: string }>>;
  isSaving: boolean;
  onBack: () => void;
  /** Saves the preferences; a rejection is shown on the form. */
  onSave: (preferences: TClientPreferences) => Promise<unknown>;
  /** Called with the answers as they change (after a short rest), so the count of matching therapists is live. */
  onDraft?: (preferences: TClientPreferences) => void;
}) {
  const { t } = useTranslation();
  // The age range is typed as text; both ends are checked together and the message shows under «От».
  const schema = useMemo(
    () =>
      z
        .object({
          therapist_sex: ZTherapistSexPreferenceSchema,
          therapist_age_min: z.string(),
          therapist_age_max: z.string(),
          language_ids: z.array(z.string()),
          price_tiers: z.array(z.string()),
          method_codes: z.array(z.string()),
        })
        .superRefine((values, context) => {
          const min = ageValue(values.therapist_age_min);
          const max = ageValue(values.therapist_age_max);
          const outOfRange = [min, max].some((age) => age !== undefined && (age < AGE_MIN || age > AGE_MAX));
          if (outOfRange || (min !== undefined && max !== undefined && min > max)) {
            context.addIssue({
              code: 'custom',
              path: ['therapist_age_min'],
              message: outOfRange
                ? t('signup.preferences.ageRange', { min: AGE_MIN, max: AGE_MAX })
                : t('signup.preferences.ageOrder'),
            });
          }
        }),
    [t],
  );
  const { control, handleSubmit, setError, formState, watch } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      therapist_sex: preferences.therapist_sex ?? 'any',
      therapist_age_min: ageText(preferences.therapist_age?.min),
      therapist_age_max: ageText(preferences.therapist_age?.max),
      language_ids: preferences.language_ids ?? [],
      price_tiers: preferences.price_tiers ?? [],
      method_codes: preferences.method_codes ?? [],
    },
  });
  const { errors } = formState;

  /** The answers in the contract's shape, only what was asked; null while the age range cannot be read. */
  const preferencesOf = useCallback(
    (values: z.infer<typeof schema>): TClientPreferences | null => {
      const asked = new Set(questions.map((question) => question.code));
      const min = ageValue(values.therapist_age_min);
      const max = ageValue(values.therapist_age_max);
      const parsed = ZClientPreferencesSchema.safeParse({
        therapist_sex: asked.has('therapist_sex') ? values.therapist_sex : undefined,
        therapist_age:
          asked.has('therapist_age') && (min !== undefined || max !== undefined) ? { min, max } : undefined,
        language_ids: asked.has('language_ids') ? values.language_ids : undefined,
        price_tiers: asked.has('price_tiers') ? values.price_tiers : undefined,
        method_codes: asked.has('method_codes') ? values.method_codes : undefined,
      });
      return parsed.success ? parsed.data : null;
    },
    [questions],
  );

  const draftTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const save = handleSubmit((values) => {
    // The answers are sent in full now: a draft still waiting would only repeat them.
    clearTimeout(draftTimer.current);
    const parsed = preferencesOf(values);
    if (!parsed) return;
    return onSave(parsed).catch((error: unknown) => setServerErrors(setError, error, t));
  });

  useEffect(() => {
    if (!onDraft) return;
    const subscription = watch((values) => {
      clearTimeout(draftTimer.current);
      draftTimer.current = setTimeout(() => {
        const draft = schema.safeParse(values);
        const parsed = draft.success ? preferencesOf(draft.data) : null;
        if (parsed) onDraft(parsed);
      }, DRAFT_DELAY_MS);
    });
    return () => {
      clearTimeout(draftTimer.current);
      subscription.unsubscribe();
    };
  }, [watch, schema, onDraft, preferencesOf]);

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
      error={errors.root?.server?.message}
      isSaving={isSaving}
      submitLabel={t('signup.finish')}
      onBack={onBack}
      onSubmit={save}
    >
      {questions.map((question) => {
        if (question.code === 'topic_codes') return null;
        if (question.code === 'therapist_sex') {
          return (
            <Controller
              key={question.code}
              control={control}
              name="therapist_sex"
              render={({ field }) => (
                <ChoiceGroup
                  name={field.name}
                  inputRef={field.ref}
                  legend={question.title}
                  hint={question.hint}
                  value={field.value}
                  choices={question.options.map((option) => ({ value: option.code, label: option.label }))}
                  onChange={field.onChange}
                />
              )}
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
                <Controller
                  control={control}
                  name="therapist_age_min"
                  render={({ field }) => (
                    <TextField
                      {...field}
                      label={t('signup.preferences.ageFrom')}
                      inputMode="numeric"
                      onChange={(event) => field.onChange(digitsOnly(event.target.value))}
                      error={errors.therapist_age_min?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="therapist_age_max"
                  render={({ field }) => (
                    <TextField
                      {...field}
                      label={t('signup.preferences.ageTo')}
                      inputMode="numeric"
                      onChange={(event) => field.onChange(digitsOnly(event.target.value))}
                    />
                  )}
                />
              </div>
            </fieldset>
          );
        }
        const key = question.code as TMultiKey;
        return (
          <Controller
            key={question.code}
            control={control}
            name={key}
            render={({ field, fieldState }) => (
              <ChoiceGroup
                multiple
                name={field.name}
                inputRef={field.ref}
                legend={question.title}
                hint={question.hint}
                value={field.value}
                error={fieldState.error?.message}
                choices={question.options.map((option) => ({
                  value: option.code,
                  label: option.label,
                  description: describeOption(question, option.code),
                }))}
                onChange={field.onChange}
              />
            )}
          />
        );
      })}
    </StepFrame>
  );
}
