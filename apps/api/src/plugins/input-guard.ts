import type { FastifyInstance } from 'fastify';
import { fieldErrorText } from '@app/shared/field-errors';
import { appError, type FieldError } from '../lib/errors.js';

export const NUL_MESSAGE = fieldErrorText('forbiddenCharacter');

/**
 * PostgreSQL cannot store U+0000 in text (the query fails with 22021), so a NUL anywhere in the
 * input would end as a 500 the moment a value reaches the database. No form can type one, so it is
 * refused for every route at once, before validation, naming each field that carries one.
 */
export function findNulFields(value: unknown, path: string, out: FieldError[], limit = 20): FieldError[] {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length && out.length < limit) {
    const [v, p] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) out.push({ field: p || 'request', message: NUL_MESSAGE, code: 'forbiddenCharacter' });
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const here = p ? `${p}.${k}` : k;
        if (k.includes('\u0000')) out.push({ field: here, message: NUL_MESSAGE, code: 'forbiddenCharacter' });
        stack.push([child, here]);
      }
    }
  }
  return out;
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const errors: FieldError[] = [];
    // Same field names as schema validation errors: 'city', 'items.0.name', a query key, a param.
    for (const part of [req.params, req.query, req.body]) findNulFields(part, '', errors);
    if (errors.length) throw appError('VALIDATION_FAILED', { message: errors[0]!.message, errors });
  });
}
