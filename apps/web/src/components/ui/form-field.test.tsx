import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';

function field(error?: string) {
  return (
    <FormField label="Email" error={error}>
      {(control) => <input {...control} />}
    </FormField>
  );
}

describe('FormField', () => {
  it('announces a new error through a live region that exists before the error appears', () => {
    const { container, rerender } = render(field());
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(region?.textContent).toBe('');

    rerender(field('Enter a valid email'));
    expect(container.querySelector('[aria-live="polite"]')).toBe(region);
    expect(region?.textContent).toBe('Enter a valid email');
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(region?.querySelector('.field-error')?.id);
  });
});
