import { useQueryClient } from '@tanstack/react-query';
import type { TPassOffer, TTherapistTier, TTherapyType } from '@therapy/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePassStatus } from '../../../entities/pass/api/get-pass-status.ts';
import { usePasses } from '../../../entities/pass/api/get-passes.ts';
import {
  clearPendingPurchase,
  readPendingPurchase,
  storePendingPurchase,
} from '../../../entities/pass/lib/pending-purchase.ts';
import { useSignupQuestions } from '../../../entities/questionnaire/api/get-signup-questions.ts';
import { useClientSlot } from '../../../entities/slot/api/get-client-slots.ts';
import { invalidateAfterSlotChange } from '../../../entities/slot/api/invalidate-after-slot-change.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { displayName } from '../../../lib/session.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { Page } from '../../../ui/Page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/States.tsx';
import { usePurchasePolling } from '../api/get-pass-purchase.ts';
import { hasHeldTime } from '../api/has-held-time.ts';
import { ClientPassList } from '../components/ClientPassList.tsx';
import { PassCheckoutModal } from '../components/PassCheckoutModal.tsx';
import styles from '../components/Passes.module.css';
import { PassOfferCard } from '../components/PassOfferCard.tsx';
import { PurchaseStatus } from '../components/PurchaseStatus.tsx';
import { savingsOf } from '../lib/pass-savings.ts';

const TIERS: readonly TTherapistTier[] = ['standard', 'senior', 'expert'];
const TYPES: readonly TTherapyType[] = ['single', 'couple'];

/**
 * `/lk/passes`: the client's passes, the catalog with a checkout modal per pass, and, back from the payment page
 * (`?purchase=<id>`), the purchase status polled by spec §4.
 */
export function PassesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stack = useModalStack();
  const [params] = useSearchParams();
  const [stored] = useState(readPendingPurchase);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const followed = params.get('purchase') ?? stored?.id ?? null;
  const purchaseId = followed === dismissedId ? null : followed;
  const paidSlotId = stored && stored.id === purchaseId ? stored.slotId : null;
  const { phase, restart } = usePurchasePolling(purchaseId);
  const passes = usePasses();
  const passStatus = usePassStatus();
  const answers = useSignupQuestions();
  const paidSlot = useClientSlot(phase === 'completed' ? paidSlotId : null);
  const [therapyType, setTherapyType] = useState<TTherapyType | null>(null);
  const [tier, setTier] = useState<TTherapistTier | null>(null);
  const catalogRef = useRef<HTMLHeadingElement>(null);
  const shownType = therapyType ?? answers.data?.therapy_type ?? 'single';
  // A pass pays only for sessions with therapists of its tier: the catalog opens at the chosen therapist's.
  const therapist = passes.data?.therapist ?? null;
  const shownTier = tier ?? therapist?.tier ?? 'standard';

  useEffect(() => {
    if (purchaseId) storePendingPurchase(purchaseId, paidSlotId);
  }, [purchaseId, paidSlotId]);

  useEffect(() => {
    if (phase === 'idle' || phase === 'polling') return;
    clearPendingPurchase();
    // A settled purchase changes the passes and, from the onboarding checkout, books the held time.
    void invalidateAfterSlotChange(queryClient);
  }, [phase, queryClient]);

  const buy = (offer: TPassOffer): void => {
    stack.open(({ close }) => <PassCheckoutModal offerId={offer.id} close={close} />);
  };

  // A stale link: stop following it and drop it from the address, so a reload does not ask again.
  const dismiss = (): void => {
    setDismissedId(purchaseId);
    navigate('/lk/passes', { replace: true });
    catalogRef.current?.focus();
  };

  // After a failed payment: back to the onboarding checkout while the time is still held, else to the catalog.
  const retry = (): void => {
    void hasHeldTime().then((held) => {
      if (held) navigate('/lk/checkout');
      else catalogRef.current?.focus();
    });
  };

  const offers = (passes.data?.passes ?? [])
    .filter((offer) => offer.therapy_type === shownType && offer.tier === shownTier)
    .sort((a, b) => a.sessions_count - b.sessions_count);

  return (
    <Page title={t('passes.title')} lead={t('passes.lead')}>
      <div aria-live="polite">
        <PurchaseStatus
          phase={phase}
          passStatus={passStatus.data}
          bookedSession={paidSlot.data?.status === 'booked' ? paidSlot.data : null}
          paysForSession={paidSlotId !== null}
          onRetry={retry}
          onCheckAgain={restart}
          onDismiss={dismiss}
        />
      </div>
      {passes.isPending && <LoadingState />}
      {passes.isError && (
        <ErrorState message={errorMessageFrom(passes.error, t)} onRetry={() => void passes.refetch()} />
      )}
      {passes.data && (
        <>
          <Card title={t('passes.mineTitle')}>
            <ClientPassList passes={passes.data.client_passes} />
          </Card>
          <section className={styles.catalog} aria-labelledby="catalog-title">
            <h2 id="catalog-title" ref={catalogRef} tabIndex={-1} className={styles.catalogTitle}>
              {t('passes.catalogTitle')}
            </h2>
            <div className={styles.filters}>
              <ChoiceGroup
                name="pass_therapy_type"
                legend={t('booking.therapyType')}
                value={shownType}
                choices={TYPES.map((type) => ({ value: type, label: t(`therapyType.${type}`) }))}
                onChange={(value) => setTherapyType(value as TTherapyType)}
              />
              <ChoiceGroup
                name="pass_tier"
                legend={t('passes.tierLabel')}
                value={shownTier}
                choices={TIERS.map((value) => ({ value, label: t(`tier.${value}`) }))}
                onChange={(value) => setTier(value as TTherapistTier)}
              />
            </div>
            <p className={styles.perSession}>{t(`passes.tierHint.${shownTier}`)}</p>
            {therapist &&
              (therapist.tier === shownTier ? (
                <p className={styles.forTherapist}>
                  {t('passes.forTherapist', { name: displayName(therapist), tier: t(`tier.${therapist.tier}`) })}
                </p>
              ) : (
                <Alert tone="warning" live={false}>
                  <p>{t('passes.notForTherapist', { name: displayName(therapist), tier: t(`tier.${shownTier}`) })}</p>
                  <p className={styles.statusActions}>
                    <Button size="small" variant="secondary" onClick={() => setTier(therapist.tier)}>
                      {t('passes.showTherapistTier', { tier: t(`tier.${therapist.tier}`) })}
                    </Button>
                  </p>
                </Alert>
              ))}
            {offers.length === 0 ? (
              <EmptyState headingLevel={3} title={t('passes.noOffers')} />
            ) : (
              <div className={styles.offers}>
                {offers.map((offer) => (
                  <PassOfferCard
                    key={offer.id}
                    offer={offer}
                    savings={savingsOf(offer, passes.data.passes)}
                    onBuy={buy}
                  />
                ))}
              </div>
            )}
          </section>
        </>
      )}
    </Page>
  );
}
