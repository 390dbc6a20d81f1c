import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TEducationItem } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

vi.setConfig({ testTimeout: 30_000 });

const degree: TEducationItem = {
  id: 'e1',
  kind: 'degree',
  title: 'Клиническая психология',
  institution: 'МГУ',
  year: 2012,
  document: null,
  verification: 'verified',
};

describe('education screen', () => {
  it('attaches a document, saves the list and shows a refused upload beside its field', async () => {
    server.use(http.get('/api/v1/therapist/settings/education', () => HttpResponse.json({ education: [degree] })));
    const user = userEvent.setup();
    renderApp('/therapist/education', { user: makeUser('therapist') });
    expect(await screen.findByDisplayValue('Клиническая психология')).toBeInTheDocument();
    expect(screen.getByText('Проверено')).toBeInTheDocument();

    server.use(
      http.post('/api/v1/therapist/settings/education/documents', () =>
        apiError(422, 'validation_failed', 'Проверьте правильность заполнения полей', { file: 'Файл больше 5 МБ' }),
      ),
    );
    const input = screen.getByLabelText('Прикрепить файл');
    await user.upload(input, new File(['x'], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Файл больше 5 МБ')).toBeInTheDocument();

    server.use(
      http.post('/api/v1/therapist/settings/education/documents', () =>
        HttpResponse.json({
          id: 'doc1',
          name: 'диплом.pdf',
          content_type: 'application/pdf',
          size: 1,
          url: '/api/v1/therapist/settings/education/documents/doc1',
        }),
      ),
    );
    await user.upload(
      screen.getByLabelText('Прикрепить файл'),
      new File(['%PDF-'], 'диплом.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('link', { name: 'диплом.pdf' })).toHaveAttribute(
      'href',
      '/api/v1/therapist/settings/education/documents/doc1',
    );
    expect(screen.queryByText('Файл больше 5 МБ')).not.toBeInTheDocument();

    const requests = recordRequests();
    server.use(
      http.post('/api/v1/therapist/settings/education', () =>
        apiError(422, 'validation_failed', 'Проверьте правильность заполнения полей', {
          'education.0.institution': 'Учебное заведение не найдено',
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Учебное заведение не найдено')).toBeInTheDocument();
    expect(screen.getByLabelText('Учебное заведение')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      education: [
        {
          id: 'e1',
          kind: 'degree',
          title: 'Клиническая психология',
          institution: 'МГУ',
          year: 2012,
          document_id: 'doc1',
        },
      ],
    });
  });

  it('checks a new entry on the client before sending', async () => {
    server.use(http.get('/api/v1/therapist/settings/education', () => HttpResponse.json({ education: [] })));
    const user = userEvent.setup();
    renderApp('/therapist/education', { user: makeUser('therapist') });
    expect(await screen.findByText(/Записей пока нет/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Добавить запись' }));
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Укажите название')).toBeInTheDocument();
    expect(screen.getByText('Укажите учебное заведение')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
