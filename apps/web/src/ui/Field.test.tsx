import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckboxField, SelectField, TextField } from './Field.tsx';

describe('TextField', () => {
  it('labels the input and links the hint', () => {
    render(<TextField label="Пароль" hint="Минимум 10 символов" type="password" />);
    const input = screen.getByLabelText('Пароль');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Минимум 10 символов');
  });

  it('marks an error with aria-invalid and reads it through aria-describedby', () => {
    render(<TextField label="E-mail" hint="Рабочий или личный" error="Укажите корректный e-mail" />);
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Рабочий или личный Укажите корректный e-mail');
    expect(screen.getByText('Укажите корректный e-mail')).toBeVisible();
  });

  it('keeps a given id', () => {
    render(<TextField id="email" label="E-mail" error="Ошибка" />);
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-describedby', 'email-error');
  });
});

describe('CheckboxField', () => {
  it('shows its error to assistive technology', () => {
    render(<CheckboxField label="Я согласен" error="Нужно согласие" />);
    const checkbox = screen.getByRole('checkbox', { name: 'Я согласен' });
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAccessibleDescription('Нужно согласие');
  });
});

describe('SelectField', () => {
  it('is a labelled native select', () => {
    render(
      <SelectField
        label="Год"
        value="2026"
        onChange={() => {}}
        options={[
          { value: '2026', label: '2026 год' },
          { value: '2025', label: '2025 год' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Год' });
    expect(select).toHaveValue('2026');
    expect(screen.getByRole('option', { name: '2025 год' })).toBeInTheDocument();
  });
});
