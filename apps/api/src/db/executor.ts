import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { Schema } from './client.js';

/** The database or an open transaction: repositories accept either. */
export type Executor = PgDatabase<NodePgQueryResultHKT, Schema>;
