import type { TConsent, TConsentKind } from '@therapy/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Page } from '../../../ui/Page.tsx';
import { useAcceptConsents } from '../api/consents.ts';
import styles from './Privacy.module.css';

/** The new consent texts to accept before the client's area opens (ConsentGate.tsx); downloaded only when asked. */
export function ConsentRequest({ pending, signOut }: { pending: TConsent[]; signOut: ReactNode }) {
  const { t } = useTranslation();
  const accept = useAcceptConsents();
  const [ticked, setTicked] = useState<Set<TConsentKind>>(new Set());
  const all = pending.every((consent) => ticked.has(consent.kind));
  const toggle = (kind: TConsentKind) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });
  return (
    <main className={styles.gate}>
      <Page title={t('privacy.gateTitle')} lead={t('privacy.gateLead')}>
        <Card>
          <form
            className={styles.consentForm}
            onSubmit={(event) => {
              event.preventDefault();
              if (all) accept.mutate({ accept: pending.map(({ kind, version }) => ({ kind, version })) });
            }}
          >
            {pending.map((consent) => (
              <label key={consent.kind} className={styles.consent}>
                <input type="checkbox" checked={ticked.has(consent.kind)} onChange={() => toggle(consent.kind)} />
                <span>
                  <strong>{consent.title}</strong>
                  <span className={styles.consentText}>{consent.text}</span>
                  <span className={styles.note}>{t('privacy.version', { version: consent.version })}</span>
                </span>
              </label>
            ))}
            {accept.isError && <Alert tone="error">{errorMessageFrom(accept.error, t)}</Alert>}
            <div className={styles.actions}>
              <Button type="submit" disabled={!all} isLoading={accept.isPending}>
                {t('privacy.gateAccept')}
              </Button>
              {signOut}
            </div>
          </form>
        </Card>
      </Page>
    </main>
  );
}
