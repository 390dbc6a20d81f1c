import { zodResolver } from '@hookform/resolvers/zod';
import type { TQuestion } from '@therapy/contract';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { StepFrame } from './StepFrame.tsx';

/** Step 3: what troubles the client (the options depend on the therapy type). */
export function TopicsStep({
  question,
  topicCodes,
  isSaving,
  onBack,
  onSave,
}: {
  question: TQuestion;
  topicCodes: readonly string[];
  isSaving: boolean;
  onBack: () => void;
  /** Saves the topics; a rejection is shown on the form. */
  onSave: (topicCodes: string[]) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => {
    const codes = z.array(z.string());
    return z.object({
      topic_codes: question.required ? codes.min(1, { error: t('signup.topics.required') }) : codes,
    });
  }, [question.required, t]);
  const known = new Set(question.options.map((option) => option.code));
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { topic_codes: topicCodes.filter((code) => known.has(code)) },
  });

  return (
    <StepFrame
      step="topics"
      title={question.title}
      lead={question.hint ?? undefined}
      error={formState.errors.root?.server?.message}
      isSaving={isSaving}
      onBack={onBack}
      onSubmit={handleSubmit((values) =>
        onSave(values.topic_codes).catch((error: unknown) => setServerErrors(setError, error, t)),
      )}
    >
      <Controller
        control={control}
        name="topic_codes"
        render={({ field, fieldState }) => (
          <ChoiceGroup
            multiple
            name={field.name}
            inputRef={field.ref}
            legend={question.title}
            legendHidden
            value={field.value}
            error={fieldState.error?.message}
            choices={question.options.map((option) => ({ value: option.code, label: option.label }))}
            onChange={field.onChange}
          />
        )}
      />
    </StepFrame>
  );
}
