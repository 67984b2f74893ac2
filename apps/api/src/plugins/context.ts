import type pg from 'pg';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';

/** What every module can reach through the Fastify instance. */
declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    pool: pg.Pool;
  }
}
export {};
