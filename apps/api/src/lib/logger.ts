import pino from 'pino';

/**
 * What services and jobs log through: pino's call shape (`log.warn({ fields }, 'message')`), so the
 * server hands its Fastify logger to the container and a test hands a silent one. Never log
 * secrets, codes, tokens or addresses: log kinds and reasons.
 */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: Logger = pino({ level: 'silent' });
