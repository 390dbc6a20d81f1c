import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InfoTooltip } from './Tooltip.tsx';

describe('Tooltip', () => {
  it('shows on focus, describes its trigger, hides on Escape; defaults to placement left, theme ysn', async () => {
    const user = userEvent.setup();
    render(<InfoTooltip label="Запрет промокодов" content="Сотруднику запрещено использовать любой промокод" />);
    const trigger = screen.getByRole('button', { name: 'Запрет промокодов' });
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(tooltip).not.toBeVisible();
    expect(tooltip.className).toMatch(/left/);
    expect(tooltip.className).toMatch(/ysn/);

    await user.tab();
    expect(trigger).toHaveFocus();
    expect(screen.getByRole('tooltip')).toBeVisible();
    expect(trigger).toHaveAccessibleDescription('Сотруднику запрещено использовать любой промокод');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('tooltip', { hidden: true })).not.toBeVisible();
  });
});
