import { configOrExit, onShutdown, startRuntime } from './runtime.js';

/**
 * `npm run worker`: the job handlers and the scheduler without HTTP, for deployments that run the
 * API with JOBS_WORKER=false and scale workers apart. Any number may run on one database: each job
 * is taken by one worker, each scheduled period is claimed once.
 */
async function main() {
  const config = configOrExit();
  const runtime = await startRuntime(config, 'worker');
  onShutdown('worker', () => runtime.stop());
  // Loaded before the first job, so a job's transaction never loads it on a second connection
  // (decision 234); a catalogue that cannot load yet is loaded by the first job that needs it.
  await runtime.container.services.catalogue.warm().catch((err: unknown) => console.warn(`[worker] catalogue warm-up failed: ${String(err)}`));
  await runtime.container.startWorker();
  console.log('[worker] running jobs');
}

main().catch((e: unknown) => {
  console.error(`[worker] cannot start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
