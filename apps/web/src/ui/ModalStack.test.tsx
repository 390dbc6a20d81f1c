/**
 * The stack's own work: which modals are open, in order, what they show, and that each is opened and closed through
 * the dialog API the browser builds focus handling on. The browser's part (top layer, inert page, Escape, focus into
 * the modal and back) runs in Chromium in e2e/modals.spec.ts.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/index.ts';
import { useDynamicModal } from './DynamicModal.tsx';
import { ModalStackProvider, useModalStack } from './ModalStack.tsx';

function SecondLevel() {
  const modal = useDynamicModal();
  return (
    <button
      type="button"
      onClick={() =>
        modal.open({
          title: 'Подтверждение',
          content: <p>Точно закрыть?</p>,
          footer: (close) => (
            <button type="button" onClick={close}>
              Отмена
            </button>
          ),
        })
      }
    >
      Открыть второе окно
    </button>
  );
}

function Page() {
  const modal = useDynamicModal();
  const stack = useModalStack();
  return (
    <>
      <button
        type="button"
        onClick={() => modal.open({ title: 'Оценка сессии', content: <SecondLevel />, footer: <span>подвал</span> })}
      >
        Открыть окно
      </button>
      <button
        type="button"
        onClick={() => {
          const save = () => modal.update(id, { title: 'Готово', content: <p>Всё сохранено</p> });
          const id = modal.open({
            title: 'Сохранение',
            content: (
              <button type="button" onClick={save}>
                Сохранить
              </button>
            ),
          });
        }}
      >
        Открыть форму
      </button>
      <output data-testid="depth">{stack.depth}</output>
    </>
  );
}

function renderStack() {
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <ModalStackProvider>
        <Page />
      </ModalStackProvider>
    </I18nextProvider>,
  );
  return user;
}

const dialogs = () => screen.queryAllByRole('dialog');

describe('ModalStack', () => {
  it('shows each modal with showModal(), a title, content and footer, stacked in the order opened', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const user = renderStack();

    await user.click(screen.getByRole('button', { name: 'Открыть окно' }));
    const first = screen.getByRole('dialog', { name: 'Оценка сессии' });
    expect(first).toHaveProperty('open', true);
    expect(within(first).getByText('подвал')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Открыть второе окно' }));
    const second = screen.getByRole('dialog', { name: 'Подтверждение' });
    expect(dialogs()).toEqual([first, second]);
    expect(showModal.mock.contexts).toEqual([first, second]);
    expect(screen.getByTestId('depth')).toHaveTextContent('2');
  });

  it('closes only the modal asked to, through close(), so the browser can return focus', async () => {
    const close = vi.spyOn(HTMLDialogElement.prototype, 'close');
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Открыть окно' }));
    await user.click(screen.getByRole('button', { name: 'Открыть второе окно' }));
    const second = screen.getByRole('dialog', { name: 'Подтверждение' });

    await user.click(within(second).getByRole('button', { name: 'Отмена' }));
    expect(close.mock.contexts).toEqual([second]);
    expect(second).toHaveProperty('open', false);
    expect(dialogs()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Оценка сессии' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(dialogs()).toHaveLength(0);
    expect(screen.getByTestId('depth')).toHaveTextContent('0');
  });

  it('on Escape (the cancel event of the top modal) closes that one only', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Открыть окно' }));
    await user.click(screen.getByRole('button', { name: 'Открыть второе окно' }));

    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      screen.getByRole('dialog', { name: 'Подтверждение' }).dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialogs()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Оценка сессии' })).toBeInTheDocument();
  });

  it('closes on a press on the backdrop, not on a press inside', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Открыть окно' }));
    const dialog = screen.getByRole('dialog', { name: 'Оценка сессии' });

    fireEvent.mouseDown(within(dialog).getByText('подвал'));
    expect(dialogs()).toHaveLength(1);
    expect(fireEvent.mouseDown(dialog)).toBe(false);
    expect(dialogs()).toHaveLength(0);
  });

  it('lets the browser close a modal on its own, and keeps the stack in step', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Открыть окно' }));
    act(() => {
      screen.getByRole('dialog', { name: 'Оценка сессии' }).dispatchEvent(new Event('close'));
    });
    expect(dialogs()).toHaveLength(0);
  });

  it('changes the title and content of an open dynamic modal', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Открыть форму' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Сохранение' })).getByRole('button', { name: 'Сохранить' }),
    );
    expect(screen.getByRole('dialog', { name: 'Готово' })).toHaveTextContent('Всё сохранено');
    expect(dialogs()).toHaveLength(1);
  });
});
