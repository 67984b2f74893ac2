import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicDetailsSchema, type PublicDetails } from '@app/shared/catalogue';
import type { AppConfig } from '../../config.js';
import { buildCachedResponse, sendCached } from './cached-response.js';

/**
 * What the web app needs about the company and the payment providers before anyone logs in. Built
 * field by field from the configuration, never by spreading it, so a secret added to the config
 * later cannot leak through here; the key names are public by design (publishable key, client id).
 */
export function publicDetails(config: AppConfig): PublicDetails {
  return {
    companyName: config.COMPANY_NAME,
    address: config.COMPANY_ADDRESS,
    phone: config.COMPANY_PHONE,
    email: config.COMPANY_EMAIL,
    whatsapp: config.COMPANY_WHATSAPP,
    salesEmail: config.SALES_EMAIL,
    contactEmail: config.CONTACT_EMAIL,
    telegram: config.TELEGRAM_HANDLE,
    globalEsimUrl: config.GLOBAL_ESIM_URL,
    userManualUrl: config.USER_MANUAL_URL,
    stripePublicKey: config.STRIPE_PUBLISHABLE_KEY,
    payPalClientId: config.PAYPAL_CLIENT_ID,
    simCardPrice: config.SIM_CARD_PRICE_CENTS,
    currency: config.CURRENCY,
  };
}

/** GET /public/service_provider/public_details: configuration is fixed for the life of the process. */
export function registerDetailsRoutes(app: FastifyInstance): void {
  const entry = buildCachedResponse(publicDetailsSchema, publicDetails(app.config));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/public/service_provider/public_details',
    { schema: { response: { 200: publicDetailsSchema } } },
    (req, reply) => sendCached(req, reply, entry, 'public, max-age=300'),
  );
}
