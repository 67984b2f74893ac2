import { z } from 'zod';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, normalizePhone } from '../rules/phone.js';

/** A phone number in international format; the parsed value is normalised ('+' and digits). */
export function phoneSchema(label = 'Phone') {
  return z
    .string({ error: `${label} is a required field` })
    .transform(normalizePhone)
    .pipe(
      z
        .string()
        .min(1, `${label} is a required field`)
        .min(PHONE_MIN_DIGITS + 1, `Min ${PHONE_MIN_DIGITS} digits`)
        .max(PHONE_MAX_DIGITS + 1, `Max ${PHONE_MAX_DIGITS} digits`)
        .regex(/^\+[1-9]/, 'Please enter the number in international format, starting with the country code'),
    );
}
