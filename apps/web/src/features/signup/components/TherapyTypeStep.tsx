import { zodResolver } from '@hookform/resolvers/zod';
import { type TTherapyType, ZTherapyTypeSchema } from '@therapy/contract';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { StepFrame } from './StepFrame.tsx';

const TYPES: readonly TTherapyType[] = ['single', 'couple'];

/** Step 2: индивидуальная или парная терапия. */
export function TherapyTypeStep({
  therapyType,
  isSaving,
  onBack,
  onSave,
}: {
  therapyType: TTherapyType | null;
  isSaving: boolean;
  onBack: () => void;
  /** Saves the choice; a rejection is shown on the form. */
  onSave: (therapyType: TTherapyType) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        // Nothing chosen yet is a valid start but not a valid answer.
        therapy_type: ZTherapyTypeSchema.optional().pipe(
          z.enum(ZTherapyTypeSchema.options, { error: t('signup.therapyType.required') }),
        ),
      }),
    [t],
  );
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { therapy_type: therapyType ?? undefined },
  });

  return (
    <StepFrame
      step="therapy_type"
      title={t('signup.therapyType.title')}
      error={formState.errors.root?.server?.message}
      isSaving={isSaving}
      onBack={onBack}
      onSubmit={handleSubmit((values) =>
        onSave(values.therapy_type).catch((error: unknown) => setServerErrors(setError, error, t)),
      )}
    >
      <Controller
        control={control}
        name="therapy_type"
        render={({ field, fieldState }) => (
          <ChoiceGroup
            name={field.name}
            inputRef={field.ref}
            legend={t('signup.therapyType.title')}
            legendHidden
            look="rows"
            value={field.value ?? null}
            error={fieldState.error?.message}
            choices={TYPES.map((type) => ({
              value: type,
              label: t(`therapyType.${type}`),
              description: t(`signup.therapyType.${type}`),
            }))}
            onChange={field.onChange}
          />
        )}
      />
    </StepFrame>
  );
}
