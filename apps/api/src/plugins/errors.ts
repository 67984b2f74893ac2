import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, codeForStatus } from '@app/shared/errors';
import { fieldErrorText } from '@app/shared/field-errors';
import { AppError, codedFieldError, type CodedFieldError } from '../lib/errors.js';
import { applySecurityHeaders } from './security-headers.js';

/**
 * One place maps every failure to `{ code, message, errors? }` with a code from the shared table.
 * 4xx keep their message; 5xx are logged with detail and answered with the table's generic text so
 * internals never leak.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
      return reply.status(err.statusCode).send({
        code: err.code,
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
        ...(err.reason !== undefined ? { reason: err.reason } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: CodedFieldError[] = err.validation.flatMap((v): CodedFieldError[] => {
        const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        // A strict object lists every key it refuses in one issue at the object's own path; a form
        // marks fields, so each refused key becomes an error of its own, named like any other field.
        const keys = v.keyword === 'unrecognized_keys' ? v.params?.keys : undefined;
        if (Array.isArray(keys) && keys.length) {
          return keys.map((k) => {
            const params = { name: String(k) };
            return { field: path ? `${path}.${params.name}` : params.name, message: fieldErrorText('unknownField', params), code: 'unknownField', params };
          });
        }
        return [codedFieldError({ field: path || 'request', message: v.message ?? fieldErrorText('invalid') })];
      });
      // The client toasts `message`, so it carries the first field's own words; forms read `errors`.
      const first = errors[0];
      const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
      return reply.status(400).send({
        code: 'VALIDATION_FAILED',
        message: first ? `${first.message}${more}` : ERRORS.VALIDATION_FAILED.message,
        errors,
      });
    }
    const fe = err as FastifyError;
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Framework errors (bad JSON, wrong content type, body too large) keep Fastify's wording,
      // which names the problem, under the code of their status.
      const code = codeForStatus(status);
      return reply.status(status).send({ code, message: status === 429 ? ERRORS.RATE_LIMITED.message : fe.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL_ERROR', message: ERRORS.INTERNAL_ERROR.message });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
}

/**
 * Errors the router raises before any hook or route runs (a bad percent-escape in the path, a path
 * parameter over maxParamLength). Fastify answers them itself, past the error handler and the hooks,
 * with a body of its own that quotes the raw path; this keeps them to our contract and headers.
 */
export function frameworkErrors(pagePolicy: () => string) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    reply.type('application/json; charset=utf-8');
    applySecurityHeaders(req, reply, pagePolicy);
    reply.header('cache-control', 'no-store');
    if (status >= 500) {
      void reply.status(500).send({ code: 'INTERNAL_ERROR', message: ERRORS.INTERNAL_ERROR.message });
      return;
    }
    const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the address is too long' : 'The address of this request is not valid';
    void reply.status(status).send({ code: codeForStatus(status), message });
  };
}
