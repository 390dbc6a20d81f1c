import type { TQuestion } from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFormError } from '../../../lib/form-errors.ts';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { StepFrame } from './StepFrame.tsx';

/** Step 3: what troubles the client (the options depend on the therapy type). */
export function TopicsStep({
  question,
  topicCodes,
  serverError,
  isSaving,
  onBack,
  onSave,
}: {
  question: TQuestion;
  topicCodes: readonly string[];
  serverError: TFormError;
  isSaving: boolean;
  onBack: () => void;
  onSave: (topicCodes: string[]) => void;
}) {
  const { t } = useTranslation();
  const known = new Set(question.options.map((option) => option.code));
  const [value, setValue] = useState<string[]>(topicCodes.filter((code) => known.has(code)));
  const [error, setError] = useState<string | null>(null);

  const submit = (): void => {
    if (question.required && value.length === 0) {
      setError(t('signup.topics.required'));
      document.querySelector<HTMLElement>('input[name="topic_codes"]')?.focus();
      return;
    }
    onSave(value);
  };

  return (
    <StepFrame
      step="topics"
      title={question.title}
      lead={question.hint ?? undefined}
      error={serverError.message}
      isSaving={isSaving}
      onBack={onBack}
      onSubmit={submit}
    >
      <ChoiceGroup
        multiple
        name="topic_codes"
        legend={question.title}
        legendHidden
        value={value}
        error={error ?? serverError.fields.topic_codes}
        choices={question.options.map((option) => ({ value: option.code, label: option.label }))}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
      />
    </StepFrame>
  );
}
