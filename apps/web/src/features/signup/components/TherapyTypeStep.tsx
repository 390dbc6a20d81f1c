import type { TTherapyType } from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFormError } from '../../../lib/form-errors.ts';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { StepFrame } from './StepFrame.tsx';

const TYPES: readonly TTherapyType[] = ['single', 'couple'];

/** Step 2: индивидуальная или парная терапия. */
export function TherapyTypeStep({
  therapyType,
  serverError,
  isSaving,
  onBack,
  onSave,
}: {
  therapyType: TTherapyType | null;
  serverError: TFormError;
  isSaving: boolean;
  onBack: () => void;
  onSave: (therapyType: TTherapyType) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<TTherapyType | null>(therapyType);
  const [error, setError] = useState<string | null>(null);

  const submit = (): void => {
    if (!value) {
      setError(t('signup.therapyType.required'));
      document.querySelector<HTMLElement>('input[name="therapy_type"]')?.focus();
      return;
    }
    onSave(value);
  };

  return (
    <StepFrame
      step="therapy_type"
      title={t('signup.therapyType.title')}
      error={serverError.message}
      isSaving={isSaving}
      onBack={onBack}
      onSubmit={submit}
    >
      <ChoiceGroup
        name="therapy_type"
        legend={t('signup.therapyType.title')}
        legendHidden
        look="rows"
        value={value}
        error={error ?? serverError.fields.therapy_type}
        choices={TYPES.map((type) => ({
          value: type,
          label: t(`therapyType.${type}`),
          description: t(`signup.therapyType.${type}`),
        }))}
        onChange={(next) => {
          setValue(next as TTherapyType);
          setError(null);
        }}
      />
    </StepFrame>
  );
}
