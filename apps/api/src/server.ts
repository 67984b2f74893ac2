import path from 'node:path';
import { buildApp, type App } from './app.js';
import { configOrExit, onShutdown, startRuntime } from './runtime.js';

/** `npm start`: the API and the web app on PORT, and (unless JOBS_WORKER=false) the job worker. */
async function main() {
  // React's server renderer (loaded later, with the web app's server entry) picks its development or
  // production build by NODE_ENV when first loaded; a server we run is production unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  const config = configOrExit();
  const runtime = await startRuntime(config, 'server');
  let app: App | undefined;
  onShutdown('server', async () => {
    await app?.close().catch(() => {});
    await runtime.stop();
  });
  try {
    app = await buildApp(runtime.container, {
      ...(config.WEB_DIST_DIR ? { webDist: path.resolve(config.WEB_DIST_DIR) } : {}),
      logger: runtime.logger,
    });
    // The worker first: once the port answers, a mail queued by the first request is picked up at once.
    if (config.JOBS_WORKER) await runtime.container.startWorker();
    await app.listen({ port: config.PORT, host: config.HOST });
    console.log(`[server] ready at ${config.publicUrl}${config.JOBS_WORKER ? '' : ' (jobs run by a separate worker)'}`);
  } catch (e) {
    console.error(e);
    await app?.close().catch(() => {});
    await runtime.stop();
    process.exit(1);
  }
}

main().catch((e: unknown) => {
  // Start-up failures (database unreachable, DATA_DIR owned by another server, port taken) are
  // reported in one line rather than as an unhandled rejection.
  console.error(`[server] cannot start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
