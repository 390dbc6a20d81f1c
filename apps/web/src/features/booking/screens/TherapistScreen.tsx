import { useQueryClient } from '@tanstack/react-query';
import type { TFreeSlot, TTherapistCard } from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { useSignupQuestions } from '../../../entities/questionnaire/api/get-signup-questions.ts';
import { slotKeys } from '../../../entities/slot/api/slot-keys.ts';
import { WeekSlots } from '../../../entities/slot/components/WeekSlots.tsx';
import { useTherapistCard } from '../../../entities/therapist/api/get-therapist-card.ts';
import { MethodTags, TherapistFacts } from '../../../entities/therapist/components/TherapistFacts.tsx';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { displayName } from '../../../lib/session.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { Avatar } from '../../../ui/Avatar.tsx';
import { Card } from '../../../ui/Card.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useHoldSlot } from '../api/hold-slot.ts';
import { BookingConfirm } from '../components/BookingConfirm.tsx';
import styles from '../components/TherapistProfile.module.css';

/** `/lk/therapists/:id`: the therapist's card and a week of free times; picking one holds it and opens the booking. */
export function TherapistScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const card = useTherapistCard(id);

  return (
    <Page title={card.data ? displayName(card.data) : t('matching.therapistTitle')}>
      <p>
        <Link to="/lk/therapists">← {t('matching.backToList')}</Link>
      </p>
      {card.isPending && <LoadingState />}
      {card.isError && <ErrorState message={errorMessageFrom(card.error, t)} onRetry={() => void card.refetch()} />}
      {card.data && <TherapistDetails therapist={card.data} />}
    </Page>
  );
}

function TherapistDetails({ therapist }: { therapist: TTherapistCard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stack = useModalStack();
  const queryClient = useQueryClient();
  const answers = useSignupQuestions();
  const hold = useHoldSlot();
  const [pending, setPending] = useState<string | null>(null);
  const therapyType = answers.data?.therapy_type ?? 'single';
  const worksWithType = therapyType === 'couple' ? therapist.couple : therapist.single;

  const pick = (slot: TFreeSlot): void => {
    setPending(slot.starts_at);
    hold.mutate(
      { therapist_id: therapist.id, starts_at: slot.starts_at, therapy_type: therapyType },
      {
        onSuccess: (held) => {
          stack.open(({ close }) => (
            <BookingConfirm
              slot={held}
              tier={therapist.tier}
              close={close}
              goTo={(path) => {
                close();
                navigate(path);
              }}
            />
          ));
        },
        onError: (error) => {
          // Someone else took the time: show the week as it is now.
          if (isApiError(error) && error.status === 409) {
            void queryClient.invalidateQueries({ queryKey: slotKeys.freeSlots(therapist.id) });
          }
        },
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <div className={styles.layout}>
      <Card className={styles.profile}>
        <div className={styles.head}>
          <Avatar person={therapist} photoUrl={therapist.userpic_url} size="large" />
          <div className={styles.headText}>
            <TherapistFacts therapist={therapist} />
            <p className={styles.muted}>
              {[therapist.single && t('therapyType.single'), therapist.couple && t('therapyType.couple')]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </div>
        {therapist.description && <p>{therapist.description}</p>}
        <div className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('matching.methods')}</h2>
          <MethodTags methods={therapist.methods} />
        </div>
        {therapist.topics.length > 0 && (
          <div className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('matching.topics')}</h2>
            <p>{therapist.topics.map((topic) => topic.label).join(', ')}</p>
          </div>
        )}
        {therapist.languages.length > 0 && (
          <div className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('matching.languages')}</h2>
            <p>{therapist.languages.map((language) => language.label).join(', ')}</p>
          </div>
        )}
        {therapist.education.length > 0 && (
          <div className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('matching.education')}</h2>
            <ul className={styles.education}>
              {therapist.education.map((entry) => (
                <li key={`${entry.title}-${entry.year}`}>
                  <strong>{entry.title}</strong>, {entry.institution}, {entry.year}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
      <Card title={t('booking.freeTimeTitle')} className={styles.schedule}>
        {!worksWithType && (
          <Alert tone="warning" live={false}>
            {t('matching.otherTherapyType', { type: t(`therapyType.${therapyType}`) })}
          </Alert>
        )}
        {hold.isError && <Alert tone="error">{errorMessageFrom(hold.error, t)}</Alert>}
        <WeekSlots
          therapistId={therapist.id}
          onPick={pick}
          pendingStartsAt={pending}
          disabled={hold.isPending || !worksWithType}
        />
      </Card>
    </div>
  );
}
