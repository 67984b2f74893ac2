// Every table, for drizzle's relational queries and drizzle-kit. One file per feature.
export * from './catalogue.js';
export * from './accounts.js';
export * from './jobs.js';
export * from './checkout.js';
export * from './sims.js';
export * from './carrier-sim.js';
