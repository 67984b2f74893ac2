import type pg from 'pg';
import type { Carrier } from './adapters/carrier/carrier.js';
import type { MailTransport } from './adapters/mail/mail-transport.js';
import { mailTransportFor } from './adapters/mail/mail-transports.js';
import { PaymentGateways } from './adapters/payments/payment-gateways.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import { housekeepingJob, HOUSEKEEPING_JOB } from './jobs/housekeeping.job.js';
import { mailJob } from './jobs/mail.job.js';
import { JobQueue } from './jobs/queue.js';
import { silentLogger, type Logger } from './lib/logger.js';
import { sealedBox } from './lib/sealed-box.js';
import { deriveKey, loadServerSecret } from './lib/server-secret.js';
import { AuthService } from './modules/accounts/auth.service.js';
import { ProfileService } from './modules/accounts/profile.service.js';
import { SessionService } from './modules/accounts/sessions.js';
import { SocialAuthService } from './modules/accounts/social-auth.service.js';
import { ProviderRegistry, resolveProviders } from './modules/accounts/social-providers.js';
import { CatalogueService } from './modules/catalogue/catalogue.service.js';
import { CompanyService } from './modules/company/company.service.js';
import { CoverageService } from './modules/coverage/coverage.service.js';
import { loadMailCatalogues, MailTemplates } from './modules/mail/mail-templates.js';
import { MailService } from './modules/mail/mail.service.js';
import { RatesService } from './modules/rates/rates.service.js';
import { ResellerService } from './modules/resellers/resellers.service.js';

/**
 * The composition root: everything the API, the job worker and the tests run on is built here, once,
 * from configuration. Services receive what they use as constructor arguments and know nothing of
 * Fastify; routes receive services (app.ts); job handlers call services (jobs/). Adapters to the
 * outside world (mail, payment gateways, the carrier) are chosen here, so a test can hand in a
 * recording mail transport or a gateway pointed at a local stand-in. See docs/architecture.md.
 */

export interface ContainerOverrides {
  log?: Logger;
  mailTransport?: MailTransport;
  gateways?: PaymentGateways;
  carrier?: Carrier;
}

export interface Services {
  sessions: SessionService;
  mail: MailService;
  auth: AuthService;
  profile: ProfileService;
  social: SocialAuthService;
  catalogue: CatalogueService;
  rates: RatesService;
  coverage: CoverageService;
  company: CompanyService;
  resellers: ResellerService;
}

export interface Container {
  config: AppConfig;
  db: Db;
  pool: pg.Pool;
  log: Logger;
  adapters: {
    mail: MailTransport;
    payments: PaymentGateways;
    carrier: Carrier | undefined;
  };
  queue: JobQueue;
  services: Services;
  /** Starts the job handlers and the scheduler in this process. */
  startWorker(): Promise<void>;
  /** Stops the queue and closes the adapters (the database belongs to whoever opened it). */
  close(): Promise<void>;
}

export async function buildContainer(
  config: AppConfig,
  database: { db: Db; pool: pg.Pool },
  overrides: ContainerOverrides = {},
): Promise<Container> {
  const { db, pool } = database;
  const log = overrides.log ?? silentLogger;

  const secret = await loadServerSecret(db, config.JWT_SECRET);
  const key = (purpose: string) => deriveKey(secret, purpose);

  const mailTransport = overrides.mailTransport ?? mailTransportFor(config);
  if (mailTransport.mode === 'outbox' && config.NODE_ENV === 'production') {
    log.warn({}, 'SMTP_URL is not set: account mail goes to DATA_DIR/outbox and codes are printed on the console');
  }
  const payments = overrides.gateways ?? new PaymentGateways();

  const queue = new JobQueue(pool, { pollSeconds: config.JOBS_POLL_SECONDS, maintenanceSeconds: config.JOBS_MAINTENANCE_SECONDS }, log);

  const company = new CompanyService(config);
  const resellers = new ResellerService(db);
  const sessions = new SessionService(db, secret, config);
  const mail = new MailService({
    transport: mailTransport,
    queue,
    templates: new MailTemplates(loadMailCatalogues(), company.contact),
    box: sealedBox(key('job-payload')),
    log,
    messageIdDomain: config.COMPANY_EMAIL.split('@')[1] ?? 'localhost',
  });
  const auth = new AuthService({ db, config, sessions, mail, resellers, codeKey: key('email-verification-code') });
  const onRefreshError = (err: unknown) => log.warn({ err }, 'reference data refresh failed; serving the previous snapshot');

  const services: Services = {
    sessions,
    mail,
    auth,
    profile: new ProfileService(db),
    social: new SocialAuthService(
      { db, sessions, publicUrl: config.publicUrl },
      new ProviderRegistry(resolveProviders(config.oidcProviders)),
    ),
    catalogue: new CatalogueService(db, onRefreshError),
    rates: new RatesService(db, onRefreshError),
    coverage: new CoverageService(),
    company,
    resellers,
  };

  queue.define(
    mailJob(mail, {
      retryLimit: config.MAIL_RETRY_LIMIT,
      retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
      timeoutSeconds: config.MAIL_SEND_TIMEOUT_SECONDS,
    }),
  );
  queue.define(housekeepingJob({ auth, queue, log }));
  queue.schedule({ job: HOUSEKEEPING_JOB, everySeconds: config.HOUSEKEEPING_EVERY_SECONDS });
  // Installs the queue schema so services can enqueue even where no worker runs.
  await queue.start();

  return {
    config,
    db,
    pool,
    log,
    adapters: { mail: mailTransport, payments, carrier: overrides.carrier },
    queue,
    services,
    startWorker: () => queue.work(),
    async close() {
      await queue.stop();
      mailTransport.close();
    },
  };
}
