import { screen } from '@testing-library/react';
import type { TClientPass } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { useEffect, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/api-server.ts';
import { makeClientSlot, makeUser } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { BookingConfirm } from './BookingConfirm.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const held = makeClientSlot({ status: 'held', hold_expires_at: '2099-01-01T00:00:00Z' });
const standardPass: TClientPass = {
  id: 'cp-1',
  pass_id: 'p-4',
  tier: 'standard',
  therapy_type: 'single',
  status: 'active',
  sessions_total: 4,
  sessions_left: 2,
  activated_at: '2026-10-01T00:00:00Z',
  expires_at: null,
};

function answer(clientPasses: TClientPass[], past: ReturnType<typeof makeClientSlot>[]) {
  server.use(
    http.get('/api/v1/user/passes', () =>
      HttpResponse.json({
        currency: 'rub',
        passes: [],
        client_passes: clientPasses,
        promocode: { active: false, description: null },
        therapist: null,
      }),
    ),
    http.get('/api/v1/user/slots', () => HttpResponse.json({ upcoming: [held], past })),
  );
}

/** Opens the dialog on the modal stack, as the therapist page does after a time is held. */
function Opener({ tier }: { tier: 'standard' | 'senior' }) {
  const { open } = useModalStack();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    open(({ close }) => <BookingConfirm slot={held} tier={tier} goTo={() => {}} close={close} />);
  }, [open, tier]);
  return null;
}

const open = (tier: 'standard' | 'senior') => renderWithProviders(<Opener tier={tier} />, { user: makeUser('client') });

describe('the booking dialog', () => {
  it('tells a new client to pay for their first session', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z'), shouldAdvanceTime: true });
    answer([], []);
    open('standard');
    expect(
      await screen.findByText('Подходящего абонемента нет — оплатите первую сессию, и время будет за вами.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/бесплатно можно до 23\.11\.2026 в 19:00/)).toBeInTheDocument();
  });

  it('tells a returning client whose pass is of another tier why it does not pay, and not «первую»', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z'), shouldAdvanceTime: true });
    answer([standardPass], [makeClientSlot({ id: 'slot-0', status: 'completed' })]);
    open('senior');
    expect(
      await screen.findByText(
        'Ваш абонемент уровня «Психолог» не оплачивает сессии с психологом уровня «Опытный психолог».',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Подходящего абонемента нет — оплатите эту сессию, и время будет за вами.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/первую сессию/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Перейти к оплате' })).toBeInTheDocument();
  });

  it('inside 24 hours promises no free-cancellation deadline', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), shouldAdvanceTime: true });
    answer([standardPass], []);
    open('standard');
    expect(await screen.findByText(/бесплатно отменить или перенести эту сессию уже нельзя/)).toBeInTheDocument();
    expect(screen.queryByText(/бесплатно можно до/)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Записаться' })).toBeInTheDocument();
  });
});
