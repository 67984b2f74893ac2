import type pg from 'pg';
import type { Carrier } from './adapters/carrier/carrier.js';
import type { MailTransport } from './adapters/mail/mail-transport.js';
import { mailTransportFor, outboxDir } from './adapters/mail/mail-transports.js';
import { gatewaysFromConfig } from './adapters/payments/configured-gateways.js';
import type { PaymentGateways } from './adapters/payments/payment-gateways.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import { CarrierSimulator, SIM_USAGE_JOB } from './adapters/carrier/simulator/simulator.js';
import { autoPayJob, carrierReconcileJob, carrierSendJob, carrierSyncJob, CARRIER_SYNC_JOB } from './jobs/carrier.job.js';
import { housekeepingJob, HOUSEKEEPING_JOB } from './jobs/housekeeping.job.js';
import { mailJob } from './jobs/mail.job.js';
import { paymentJobs } from './jobs/payments.job.js';
import { JobQueue } from './jobs/queue.js';
import { silentLogger, type Logger } from './lib/logger.js';
import { sealedBox } from './lib/sealed-box.js';
import { Throttle } from './lib/throttle.js';
import { deriveKey, loadServerSecret } from './lib/server-secret.js';
import { AuthService } from './modules/accounts/auth.service.js';
import { ProfileService } from './modules/accounts/profile.service.js';
import { SessionService } from './modules/accounts/sessions.js';
import { SocialAuthService } from './modules/accounts/social-auth.service.js';
import { ProviderRegistry, resolveProviders } from './modules/accounts/social-providers.js';
import { CatalogueService } from './modules/catalogue/catalogue.service.js';
import { CardsService } from './modules/checkout/cards.service.js';
import { OrderFulfillers } from './modules/checkout/fulfilment.js';
import { InvoiceService } from './modules/checkout/invoices.service.js';
import { MoneyService } from './modules/checkout/money.service.js';
import { OrdersService } from './modules/checkout/orders.service.js';
import { ORDER_FULFIL_RESUME_JOB, PAYMENT_RECONCILE_JOB, PaymentService } from './modules/checkout/payments.service.js';
import { QuoteService } from './modules/checkout/quote.service.js';
import { CompanyService } from './modules/company/company.service.js';
import { CoverageService } from './modules/network-coverage/coverage.service.js';
import { loadMailCatalogues, MailTemplates } from './modules/mail/mail-templates.js';
import { MailService } from './modules/mail/mail.service.js';
import { RatesService } from './modules/rates/rates.service.js';
import { CARRIER_RECONCILE_JOB, CarrierActionService } from './modules/sims/carrier-actions.service.js';
import { HeldAddOnsService } from './modules/sims/held-add-ons.service.js';
import { PortOutService } from './modules/sims/port-out.service.js';
import { PortingService } from './modules/sims/porting.service.js';
import { SimsService } from './modules/sims/sims.service.js';
import { SimActionsService } from './modules/sims/sim-actions.service.js';
import { SimFulfiller } from './modules/sims/sim-fulfilment.js';
import { AUTO_PAY_JOB, AutoPayService } from './modules/sims/auto-pay.service.js';
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
  /** Request and mail counters in PostgreSQL, shared by every instance. */
  throttle: Throttle;
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
  carrierActions: CarrierActionService;
  sims: SimsService;
  porting: PortingService;
  portOut: PortOutService;
  heldAddOns: HeldAddOnsService;
  simActions: SimActionsService;
  autoPay: AutoPayService;
  quotes: QuoteService;
  orders: OrdersService;
  payments: PaymentService;
  cards: CardsService;
  invoices: InvoiceService;
  money: MoneyService;
  /** What happens to each order line type once paid: features register their OrderFulfiller here. */
  fulfillers: OrderFulfillers;
}

export interface Container {
  config: AppConfig;
  db: Db;
  pool: pg.Pool;
  log: Logger;
  adapters: {
    mail: MailTransport;
    payments: PaymentGateways;
    carrier: Carrier;
    /** Set when CARRIER=simulator (tests inject faults through it). */
    carrierSimulator: CarrierSimulator | undefined;
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
  if (mailTransport.mode === 'outbox') {
    // Said once at start-up, so a developer knows where to read codes and links; no mail is ever
    // printed (its codes and links are secrets), and the folder is readable by this user only.
    log.warn({ outbox: outboxDir(config) }, `SMTP_URL is not set: mail is not delivered but written to ${outboxDir(config)} (owner-only files)`);
  }
  const payments = overrides.gateways ?? gatewaysFromConfig({ config, db, key, log });

  const queue = new JobQueue(pool, { pollSeconds: config.JOBS_POLL_SECONDS, maintenanceSeconds: config.JOBS_MAINTENANCE_SECONDS }, log);

  const company = new CompanyService(config);
  const resellers = new ResellerService(db, config.publicUrl);
  const sessions = new SessionService(db, secret, config);
  const mail = new MailService({
    transport: mailTransport,
    queue,
    templates: new MailTemplates(loadMailCatalogues(), company.contact),
    box: sealedBox(key('job-payload')),
    log,
    messageIdDomain: config.COMPANY_EMAIL.split('@')[1] ?? 'localhost',
  });
  const throttle = new Throttle(db);
  const auth = new AuthService({
    db,
    config,
    sessions,
    mail,
    resellers,
    throttle,
    codeKey: key('email-verification-code'),
    deviceKey: key('trusted-device'),
  });
  const simulator =
    !overrides.carrier && config.CARRIER === 'simulator'
      ? new CarrierSimulator(
          db,
          queue,
          {
            delaySeconds: config.CARRIER_SIM_DELAY_SECONDS,
            faultDelayMs: config.CARRIER_SIM_FAULT_DELAY_MS,
            smdpAddress: config.CARRIER_SIM_SMDP_ADDRESS,
            usageEverySeconds: config.CARRIER_SIM_USAGE_EVERY_SECONDS,
            recoveryDays: 30,
          },
          log,
        )
      : undefined;
  const carrier: Carrier = overrides.carrier ?? simulator!;
  const onRefreshError = (err: unknown) => log.warn({ err }, 'reference data refresh failed; serving the previous snapshot');
  const catalogue = new CatalogueService(db, onRefreshError);
  const rates = new RatesService(db, onRefreshError);
  const quotes = new QuoteService(
    catalogue,
    rates,
    {
      simCardPrice: config.SIM_CARD_PRICE_CENTS,
      taxRateBps: config.TAX_RATE_BPS,
      surchargeBps: config.SURCHARGE_BPS,
      currency: config.CURRENCY,
    },
    () => carrier.stock(),
  );
  const orders = new OrdersService({
    db,
    quotes,
    resellers,
    accessKey: key('order-access-token'),
    sendSetPasswordLink: (email) => auth.forgotPassword(email),
    simPlanOf: async (subscriberId, simId) => (await sims.get(subscriberId, simId)).simPlan?.id ?? null,
    stock: () => carrier.stock(),
  });
  const invoices = new InvoiceService(db, company.contact);
  const fulfillers = new OrderFulfillers();
  const paymentService = new PaymentService({
    db,
    gateways: payments,
    orders,
    invoices,
    fulfillers,
    queue,
    mail,
    log,
    settings: {
      currency: config.CURRENCY,
      publicUrl: config.publicUrl,
      reconcileAfterSeconds: config.RECONCILE_AFTER_SECONDS,
      actionTimeoutMinutes: config.PAYMENT_ACTION_TIMEOUT_MINUTES,
    },
  });

  const coverage = new CoverageService();
  const carrierSettings = {
    retryLimit: config.CARRIER_RETRY_LIMIT,
    retryDelaySeconds: config.CARRIER_RETRY_DELAY_SECONDS,
    timeoutMs: config.CARRIER_TIMEOUT_MS,
    reconcileAfterSeconds: config.CARRIER_RECONCILE_AFTER_SECONDS,
    giveUpAfterSeconds: config.CARRIER_GIVE_UP_AFTER_SECONDS,
  };
  const carrierActions = new CarrierActionService(db, carrier, queue, carrierSettings, log);
  const sims = new SimsService(db, carrier, carrierActions, catalogue, coverage, log, {
    throttle,
    max: config.SIM_ASSIGN_MISSES.max,
    windowMs: config.SIM_ASSIGN_MISSES.windowMs,
  }, { mail, publicUrl: config.publicUrl });
  const pricing = {
    simCardPrice: config.SIM_CARD_PRICE_CENTS,
    taxRateBps: config.TAX_RATE_BPS,
    surchargeBps: config.SURCHARGE_BPS,
    currency: config.CURRENCY,
  };
  const simActions = new SimActionsService({
    db,
    catalogue,
    orders,
    quotes,
    pricing,
    carrier,
    sims,
    actions: carrierActions,
    refreshPrice: config.SIM_REFRESH_PRICE_CENTS,
  });
  const simFulfiller = new SimFulfiller({
    sims,
    actions: carrierActions,
    catalogue,
    mail,
    publicUrl: config.publicUrl,
    currency: config.CURRENCY,
    reserveEsim: (reference) => simActions.reserveEsim(reference),
    reserve: (kind, reference) => carrier.reserve(kind, reference),
  });
  fulfillers.register(simFulfiller);
  carrierActions.onFailure((tx, action) => simFulfiller.creditOnFailure(tx, action));
  carrierActions.onSuccess((tx, action, result) => simFulfiller.mailNewProfile(tx, action, result));
  const autoPay = new AutoPayService({
    db,
    actions: simActions,
    payments: paymentService,
    mail,
    catalogue,
    log,
    settings: {
      currency: config.CURRENCY,
      renewAheadSeconds: config.AUTO_RENEW_AHEAD_SECONDS,
      retrySeconds: config.AUTO_PAY_RETRY_SECONDS,
      maxAttempts: config.AUTO_PAY_MAX_ATTEMPTS,
      publicUrl: config.publicUrl,
    },
  });

  const services: Services = {
    throttle,
    sessions,
    mail,
    auth,
    profile: new ProfileService(db),
    social: new SocialAuthService(
      { db, sessions, publicUrl: config.publicUrl },
      new ProviderRegistry(resolveProviders(config.oidcProviders)),
    ),
    catalogue,
    rates,
    coverage,
    company,
    resellers,
    carrierActions,
    sims,
    porting: new PortingService(db, carrier, carrierActions, sims),
    portOut: new PortOutService(db, key('port-out-pin')),
    heldAddOns: new HeldAddOnsService({ db, catalogue, actions: carrierActions, sims }),
    simActions,
    autoPay,
    quotes,
    orders,
    payments: paymentService,
    cards: new CardsService(db, payments, log),
    invoices,
    money: new MoneyService(db),
    fulfillers,
  };

  queue.define(
    mailJob(mail, {
      retryLimit: config.MAIL_RETRY_LIMIT,
      retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
      timeoutSeconds: config.MAIL_SEND_TIMEOUT_SECONDS,
    }),
  );
  queue.define(housekeepingJob({ auth, queue, log }));
  for (const job of paymentJobs(paymentService, { fulfilRetryLimit: config.ORDER_FULFIL_RETRY_LIMIT, log })) queue.define(job);
  queue.schedule({ job: ORDER_FULFIL_RESUME_JOB, everySeconds: config.FULFIL_RESUME_EVERY_SECONDS });
  queue.schedule({ job: PAYMENT_RECONCILE_JOB, everySeconds: config.RECONCILE_EVERY_SECONDS });
  queue.schedule({ job: HOUSEKEEPING_JOB, everySeconds: config.HOUSEKEEPING_EVERY_SECONDS });
  queue.define(carrierSendJob(carrierActions, carrierSettings));
  queue.define(carrierReconcileJob(carrierActions, log));
  queue.schedule({ job: CARRIER_RECONCILE_JOB, everySeconds: config.CARRIER_RECONCILE_EVERY_SECONDS });
  queue.define(carrierSyncJob(sims, log));
  queue.schedule({ job: CARRIER_SYNC_JOB, everySeconds: config.CARRIER_SYNC_EVERY_SECONDS });
  queue.define(autoPayJob(autoPay, log));
  queue.schedule({ job: AUTO_PAY_JOB, everySeconds: config.AUTO_PAY_EVERY_SECONDS });
  if (simulator) {
    for (const job of simulator.jobs()) queue.define(job);
    queue.schedule({ job: SIM_USAGE_JOB, everySeconds: config.CARRIER_SIM_USAGE_EVERY_SECONDS });
  }
  // Installs the queue schema so services can enqueue even where no worker runs.
  await queue.start();

  return {
    config,
    db,
    pool,
    log,
    adapters: { mail: mailTransport, payments, carrier, carrierSimulator: simulator },
    queue,
    services,
    startWorker: () => queue.work(),
    async close() {
      await queue.stop();
      mailTransport.close();
    },
  };
}
