import type { TTherapistClient } from '@therapy/contract';
import { describe, expect, it } from 'vitest';
import { filterClients } from './filter-clients.ts';

const client = (name: string, partner: string | null = null): TTherapistClient => ({
  hashid: name,
  first_name: name.split(' ')[0] ?? '',
  last_name: name.split(' ')[1] ?? '',
  name,
  avatar: null,
  therapy_type: partner ? 'couple' : 'single',
  partner_name: partner,
  sessions_done: 0,
  next_session: null,
  last_session_at: null,
  standing_slot: null,
  archived: false,
});

describe('filterClients', () => {
  const list = [client('Алёна Смирнова'), client('Борис Петров', 'Вера Петрова'), client('Анна Иванова')];

  it('finds by any part of the name, ignoring case and ё, keeping the order', () => {
    expect(filterClients(list, 'алена').map((c) => c.hashid)).toEqual(['Алёна Смирнова']);
    expect(filterClients(list, '  ПЕТРОВ ').map((c) => c.hashid)).toEqual(['Борис Петров']);
    expect(filterClients(list, 'вера').map((c) => c.hashid)).toEqual(['Борис Петров']);
    expect(filterClients(list, 'ан ова').map((c) => c.hashid)).toEqual(['Анна Иванова']);
  });

  it('keeps everyone for an empty search and no one for a name nobody has', () => {
    expect(filterClients(list, '')).toHaveLength(3);
    expect(filterClients(list, 'Зоя')).toEqual([]);
  });
});
