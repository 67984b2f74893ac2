import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { registerBodySchema } from '@app/shared/contracts/auth';
import es from '../locales/es.json';
import { fieldErrorKey, translateValidationMessage } from './validation-message';

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

  it('renders a catalogue id (what lib/form-errors puts on a field for an error code) from the catalogue', () => {
    expect(say('validation.incorrectPassword')).toBe('La contraseña es incorrecta.');
    expect(say('error.SUBSCRIBER_ALREADY_EXISTS')).toBe('Ya existe un cliente con ese correo electrónico. Usa otra dirección.');
    expect(say('')).toBeUndefined();
  });

  it('words a server field code with its numbers (the English label the server used is not shown)', () => {
    expect(say(fieldErrorKey('minChars', { min: 8 }))).toBe('Mínimo 8 caracteres');
    expect(say(fieldErrorKey('required', { name: 'First name' }))).toBe('Nombre es un campo obligatorio');
    expect(say(fieldErrorKey('min', { min: 100 }), 'Importe', (cents) => `US$${(cents / 100).toFixed(2)}`)).toBe('Mínimo US$1.00');
    expect(say(fieldErrorKey('passwordsMismatch'))).toBe('Las contraseñas no coinciden');
  });

  it('words the codes a form never shows, and anything unknown, as an invalid value', () => {
    const invalid = say('validation.invalid');
    expect(invalid).toBeTruthy();
    expect(fieldErrorKey('unknownField', { name: 'isAdmin' })).toBe('validation.invalid');
    expect(say(fieldErrorKey('forbiddenCharacter'))).toBe(invalid);
  });
});
