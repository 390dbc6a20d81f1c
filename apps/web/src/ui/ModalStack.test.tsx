import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
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
      <a href="#elsewhere">Ссылка на странице</a>
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

describe('ModalStack', () => {
  it('stacks modals; Escape closes only the top one and focus returns to its opener', async () => {
    const user = renderStack();
    const opener = screen.getByRole('button', { name: 'Открыть окно' });

    await user.click(opener);
    const first = screen.getByRole('dialog', { name: 'Оценка сессии' });
    expect(first).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('подвал')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Открыть второе окно' }));
    expect(screen.getByRole('dialog', { name: 'Подтверждение' })).toBeInTheDocument();
    expect(screen.getByTestId('depth')).toHaveTextContent('2');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Подтверждение' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Оценка сессии' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Открыть второе окно' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(screen.getByTestId('depth')).toHaveTextContent('0');
  });

  it('moves focus into the new modal and keeps Tab inside the top one', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Открыть окно' }));

    const dialog = screen.getByRole('dialog', { name: 'Оценка сессии' });
    const close = screen.getByRole('button', { name: 'Закрыть' });
    const inner = screen.getByRole('button', { name: 'Открыть второе окно' });
    expect(close).toHaveFocus();
    expect(dialog).toContainElement(close);

    await user.tab();
    expect(inner).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(inner).toHaveFocus();
  });

  it('makes the page and the modals below inert while a modal is open', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Открыть окно' }));
    await user.click(screen.getByRole('button', { name: 'Открыть второе окно' }));

    const pageLink = screen.getByText('Ссылка на странице');
    expect(pageLink.closest('[inert]')).not.toBeNull();
    const lower = screen.getByText('подвал').closest('[role="dialog"]');
    expect(lower?.closest('[inert]')).not.toBeNull();
    const top = screen.getByRole('dialog', { name: 'Подтверждение' });
    expect(top.closest('[inert]')).toBeNull();
    expect(document.documentElement).toHaveClass('has-modal');

    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    await user.keyboard('{Escape}');
    expect(pageLink.closest('[inert]')).toBeNull();
    expect(document.documentElement).not.toHaveClass('has-modal');
  });

  it('closes the top modal with its close button', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Открыть окно' }));
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Открыть окно' })).toHaveFocus();
  });
});
