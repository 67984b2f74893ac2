import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { registerBodySchema } from '@app/shared/contracts/auth';
import es from '../locales/es.json';
import { translateValidationMessage } from './validation-message';

const intl = createIntl({ locale: 'es', messages: es });
const say = (message: string, label = 'Nombre', money?: (cents: number) => string) => translateValidationMessage(intl, message, { label, money });

describe('field messages in the person’s language', () => {
  it('renders every message the shared registration schema produces from the catalogue', () => {
    const result = registerBodySchema.safeParse({ firstName: '', lastName: 'x'.repeat(60), email: 'nope', phone: '12', password: 'short', confirmPassword: 'other' });
    expect(result.success).toBe(false);
    const texts = result.error!.issues.map((issue) => say(issue.message));
    expect(texts).toEqual([
      'Nombre es un campo obligatorio',
      'Debe tener como máximo 50 caracteres',
      'Escribe un correo electrónico válido',
      'Mínimo 7 dígitos',
      'Mínimo 8 caracteres',
      'Las contraseñas no coinciden',
    ]);
  });

  it('formats the numbers of money fields as money', () => {
    const money = (cents: number) => `US$${(cents / 100).toFixed(2)}`;
    expect(say('Min 100', 'Importe', money)).toBe('Mínimo US$1.00');
    expect(say('Must be at most 100000', 'Importe', money)).toBe('Debe ser como máximo US$1000.00');
    expect(say('Min 100', 'Importe')).toBe('Mínimo 100');
  });

  it('translates the server’s own field texts and keeps unknown ones as sent', () => {
    expect(say('The password is incorrect.')).toBe('La contraseña es incorrecta.');
    expect(say('A subscriber with that email already exists. Please use another email address.')).toBe('Ya existe un cliente con ese correo electrónico. Usa otra dirección.');
    expect(say('Something new the server says')).toBe('Something new the server says');
    expect(say('')).toBeUndefined();
  });
});
