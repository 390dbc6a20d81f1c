import type { TSessionOutcome, TTherapistSession } from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/format.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { SelectField } from '../../../ui/Field.tsx';
import { useCorrectOutcome } from '../api/correct-outcome.ts';
import styles from './TherapistClients.module.css';

const OUTCOMES: readonly TSessionOutcome[] = ['completed', 'client_no_show', 'therapist_no_show'];

/** While the 48 h after a session's end last: how it ended, and a way to correct it (the server keeps the pass right). */
export function OutcomeControl({ session, tz }: { session: TTherapistSession; tz: string }) {
  const { t } = useTranslation();
  const correct = useCorrectOutcome();
  const [choice, setChoice] = useState<TSessionOutcome>(session.outcome ?? 'completed');
  if (!session.correctable_until) return null;
  return (
    <form
      className={styles.outcome}
      onSubmit={(event) => {
        event.preventDefault();
        correct.mutate({ slotId: session.slot_hashid, outcome: choice });
      }}
    >
      <SelectField
        label={t('therapistClients.outcomeLabel')}
        hint={t('therapistClients.outcomeUntil', { when: formatDateTime(session.correctable_until, tz) })}
        value={choice}
        onChange={(event) => setChoice(event.target.value as TSessionOutcome)}
        options={OUTCOMES.map((value) => ({ value, label: t(`therapistClients.outcome.${value}`) }))}
      />
      <Button
        type="submit"
        size="small"
        variant="secondary"
        isLoading={correct.isPending}
        disabled={choice === session.outcome}
      >
        {t('therapistClients.outcomeSave')}
      </Button>
      {correct.isError && <Alert tone="error">{errorMessageFrom(correct.error, t)}</Alert>}
    </form>
  );
}
