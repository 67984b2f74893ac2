import type { PublicDetails } from '@app/shared/contracts/catalogue';
import type { AppConfig } from '../../config.js';

/**
 * The company and the public settings of the payment providers, from the configuration. Built field
 * by field, never by spreading the config, so a secret added to the config later cannot leak
 * through here; the key names are public by design (publishable key, client id).
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

/** Company details for mail footers, invoices and the web app. */
export class CompanyService {
  readonly details: PublicDetails;

  constructor(private readonly config: AppConfig) {
    this.details = publicDetails(config);
  }

  /** What every mail and invoice ends with. */
  get contact() {
    return { name: this.config.COMPANY_NAME, address: this.config.COMPANY_ADDRESS, phone: this.config.COMPANY_PHONE, email: this.config.COMPANY_EMAIL };
  }

  /**
   * The visitor's country from the CDN's header (GEOIP_COUNTRY_HEADER), trusted only behind a proxy
   * (TRUST_PROXY) since a client could send it itself. Unknown → null.
   */
  countryFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
    if (!this.config.TRUST_PROXY) return null;
    const raw = headers[this.config.GEOIP_COUNTRY_HEADER.toLowerCase()];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    // Cloudflare sends XX (unknown) and T1 (Tor): neither is a country.
    return value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1' ? value : null;
  }
}
