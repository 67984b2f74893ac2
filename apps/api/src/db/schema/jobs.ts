import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The job queue's own tables live in the `pgboss` schema (created by pg-boss). This one is ours:
 * a row per schedule period claimed, so a periodic job is enqueued once per period however many
 * instances run the scheduler (the primary key decides which one does).
 */
export const jobScheduleSlots = pgTable(
  'job_schedule_slots',
  {
    job: text().notNull(),
    slotStart: timestamp({ withTimezone: true }).notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slotStart] })],
);
