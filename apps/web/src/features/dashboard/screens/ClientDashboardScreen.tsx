import type { TLkData, TLkWidget } from '@therapy/contract';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientSlots } from '../../../entities/slot/api/get-client-slots.ts';
import { RateSessionPrompt } from '../../../entities/slot/components/RateSessionPrompt.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { displayName, useCurrentUser } from '../../../lib/session.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { Avatar } from '../../../ui/Avatar.tsx';
import { ButtonLink } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useLkData } from '../api/get-lk-data.ts';
import { useLkWidgets } from '../api/get-lk-widgets.ts';
import styles from '../components/Dashboard.module.css';
import { NextSessionWidget } from '../components/NextSessionWidget.tsx';

/** `/lk`: the client's dashboard, built from the widgets the server chooses (`lk_widgets`) and their data (`lk_data`). */
export function ClientDashboardScreen() {
  const { t } = useTranslation();
  const sessionUser = useCurrentUser();
  const data = useLkData();
  const widgets = useLkWidgets();
  // The rating prompt's sessions: the page waits for them too, so the prompt never pops in above the dashboard and
  // pushes it down (a layout shift). Without them (an error) the page goes on without the prompt.
  const slots = useClientSlots();
  const name = data.data?.first_name ?? sessionUser?.first_name ?? '';
  const failed = data.error ?? widgets.error;
  // The widgets render in a render React may interrupt (a transition), not in the task that delivered the data.
  const loaded = useDeferredValue(data.data !== undefined && widgets.data !== undefined && !slots.isPending);

  return (
    <Page title={t('client.greeting', { name })} documentTitle={t('nav.client.dashboard')}>
      {!loaded && !failed && <LoadingState />}
      {failed && (
        <ErrorState
          message={errorMessageFrom(failed, t)}
          onRetry={() => {
            void data.refetch();
            void widgets.refetch();
          }}
        />
      )}
      <RateSessionPrompt hidden={!loaded} />
      {loaded && data.data && widgets.data && <Dashboard data={data.data} widgets={widgets.data.widgets} />}
    </Page>
  );
}

function Dashboard({ data, widgets }: { data: TLkData; widgets: readonly TLkWidget[] }) {
  const { t } = useTranslation();
  const shown = widgets.filter((widget) => widget.kind !== 'employer');
  const employer = data.employer;

  return (
    <div className={styles.dashboard}>
      {employer && (
        <Alert tone="info" live={false}>
          {employer.covers_sessions
            ? t('dashboard.employerCovers', { business: employer.business_name })
            : t('dashboard.employerMember', { business: employer.business_name })}
        </Alert>
      )}
      <div className={styles.grid}>
        {shown.map((widget) => (
          <Widget key={widget.kind} widget={widget} data={data} />
        ))}
        {data.therapist && (
          <Card title={t('dashboard.therapistTitle')}>
            <div className={styles.person}>
              <Avatar person={data.therapist} photoUrl={data.therapist.userpic_url} />
              <p className={styles.big}>{displayName(data.therapist)}</p>
            </div>
            <div className={styles.actions}>
              <ButtonLink variant="secondary" to={`/lk/therapists/${encodeURIComponent(data.therapist.id)}`}>
                {t('dashboard.bookAgain')}
              </ButtonLink>
            </div>
          </Card>
        )}
      </div>
      <p className={styles.links}>
        <ButtonLink variant="ghost" to="/lk/sessions">
          {t('sessions.title')}
        </ButtonLink>
        <ButtonLink variant="ghost" to="/lk/passes">
          {t('dashboard.buyMore')}
        </ButtonLink>
      </p>
    </div>
  );
}

function WidgetAction({ action }: { action: TLkWidget['action'] }) {
  if (!action) return null;
  return action.href.startsWith('/') ? (
    <ButtonLink variant="secondary" to={action.href}>
      {action.label}
    </ButtonLink>
  ) : (
    <a href={action.href}>{action.label}</a>
  );
}

/** One widget: the kinds with data get their own look; every other kind shows the server's title, text and action. */
function Widget({ widget, data }: { widget: TLkWidget; data: TLkData }) {
  const { t } = useTranslation();
  if (widget.kind === 'next_session' && data.next_session) {
    return <NextSessionWidget title={widget.title} session={data.next_session} timeZone={data.tz} />;
  }
  if (widget.kind === 'pass') {
    return (
      <Card title={widget.title}>
        <p className={styles.count}>{t('passes.left', { count: data.sessions_left })}</p>
        {data.pass && (
          <p className={styles.muted}>
            {t('passes.passOf', { count: data.pass.sessions_total })} · {t(`therapyType.${data.pass.therapy_type}`)}
            {data.pass.expires_at &&
              ` · ${t('passes.validUntil', { date: formatDate(data.pass.expires_at, data.tz) })}`}
          </p>
        )}
        <div className={styles.actions}>
          <WidgetAction action={widget.action} />
        </div>
      </Card>
    );
  }
  if (widget.kind === 'progress') {
    return (
      <Card title={widget.title}>
        <p className={styles.count}>{t('client.completedSessions', { count: data.completed_sessions_count })}</p>
        {data.upcoming_sessions_count > 0 && (
          <p className={styles.muted}>{t('dashboard.upcoming', { count: data.upcoming_sessions_count })}</p>
        )}
        <div className={styles.actions}>
          <WidgetAction action={widget.action} />
        </div>
      </Card>
    );
  }
  return (
    <Card title={widget.title}>
      <p>{widget.text}</p>
      <div className={styles.actions}>
        <WidgetAction action={widget.action} />
      </div>
    </Card>
  );
}
