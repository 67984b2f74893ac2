import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { cleanPersonName } from '@app/shared/rules/account';
import { displayPhone } from '@app/shared/rules/calling-codes';

/**
 * Every e-mail the server sends, rendered by one function from per-language message catalogues
 * (apps/api/locales/mail/<lang>.json, ICU messages, the same keys in every file). A mail kind is a
 * list of blocks (paragraphs, a code, a button) whose words come from the catalogue; the function
 * writes a plain-text and an HTML part that say the same thing and end with the company's details.
 * Values are escaped for HTML; only links we made ourselves are ever rendered as links.
 */

export type MailContent =
  | { kind: 'verification-code'; firstName: string; code: string; minutes: number }
  | { kind: 'password-reset'; firstName: string; link: string; minutes: number }
  | { kind: 'password-changed'; firstName: string; at: Date | string }
  | { kind: 'account-deleted'; firstName: string }
  | { kind: 'sign-in-attempts'; firstName: string; attempts: number; minutes: number }
  | { kind: 'order-paid'; firstName: string; orderNumber: string; total: number; currency: string; link: string }
  | { kind: 'order-shipped'; firstName: string; orderNumber: string; carrier: string; trackingNumber: string; trackingUrl: string }
  | { kind: 'order-refunded'; firstName: string; orderNumber: string; amount: number; currency: string }
  /** A payment that failed after the customer left the page (crypto not sent in time, a capture refused later). */
  | { kind: 'payment-failed'; firstName: string; orderNumber: string; total: number; currency: string; reason: 'expired' | 'failed'; link: string }
  /** eSIM delivery: the LPA string and its parts, the iPhone one-tap link and install steps. */
  | { kind: 'esim-ready'; firstName: string; planName: string; activationCode: string; smdpAddress: string; matchingId: string; installLink: string; link: string }
  /** A paid change the network could not make; `note` says what happened to the money. */
  | { kind: 'sim-action-failed'; firstName: string; number: string; note: string; link: string }
  /** An automatic charge (auto-renew, auto-extend, auto top-up) was declined. */
  | { kind: 'auto-charge-failed'; firstName: string; what: 'renew' | 'extend' | 'top_up' | 'quota'; number: string; amount: number; currency: string; retryAt: Date | string | null; link: string }
  /** The balance fell below the subscriber's notification threshold (once per dip). */
  | { kind: 'low-balance'; firstName: string; balance: number; threshold: number; currency: string; link: string }
  /** A plan ended while the subscriber was away. */
  | { kind: 'plan-expired'; firstName: string; number: string; recoverUntil: Date | string; link: string };

export type MailKind = MailContent['kind'];

export interface CompanyDetails {
  name: string;
  address: string;
  phone: string;
  email: string;
}

export interface RenderedMail {
  /** The language the mail was written in (after fallback). */
  locale: string;
  subject: string;
  text: string;
  html: string;
}

export type Catalogue = Readonly<Record<string, string>>;

export const mailCataloguesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales/mail');

/** Reads every `<lang>.json` of the folder. */
export function loadMailCatalogues(dir = mailCataloguesDir): Map<string, Catalogue> {
  const out = new Map<string, Catalogue>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    out.set(file.slice(0, -5), JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Catalogue);
  }
  if (!out.has('en')) throw new Error(`mail catalogues in ${dir} lack en.json`);
  return out;
}

type Block = { p: string } | { code: string } | { link: string; label: string };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function renderText(blocks: Block[], footer: string[]): string {
  const body = blocks.map((b) => ('p' in b ? b.p : 'code' in b ? `    ${b.code}` : b.link)).join('\n\n');
  return `${body}\n\n-- \n${footer.join('\n')}\n`;
}

function renderHtml(lang: string, subject: string, blocks: Block[], footer: string[]): string {
  const body = blocks
    .map((b) => {
      if ('p' in b) return `<p style="margin:0 0 16px">${escapeHtml(b.p)}</p>`;
      if ('code' in b) {
        return `<p style="margin:0 0 16px;font:700 28px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:6px">${escapeHtml(b.code)}</p>`;
      }
      const href = escapeHtml(b.link);
      return (
        `<p style="margin:0 0 8px"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#0b5cff;color:#ffffff;` +
        `text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(b.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${href}">${href}</a></p>`
      );
    })
    .join('\n');
  const foot = footer.map((l) => escapeHtml(l)).join('<br>');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font:16px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1b1f24">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${body}
<hr style="border:none;border-top:1px solid #e3e6ea;margin:24px 0">
<p style="margin:0;font-size:12px;color:#5b6570">${foot}</p>
</div>
</body></html>
`;
}

type Values = Record<string, string | number>;

export class MailTemplates {
  private readonly formats = new Map<string, IntlMessageFormat>();

  constructor(
    private readonly catalogues: Map<string, Catalogue>,
    private readonly company: CompanyDetails,
  ) {}

  get locales(): string[] {
    return [...this.catalogues.keys()];
  }

  /** The catalogue a stored locale reads in: exact, then the language without region, then English. */
  localeFor(locale: string | null | undefined): string {
    if (locale && this.catalogues.has(locale)) return locale;
    const lang = (locale ?? '').split('-')[0]?.toLowerCase() ?? '';
    return this.catalogues.has(lang) ? lang : 'en';
  }

  private t(lang: string, key: string, values: Values = {}): string {
    const id = `${lang}:${key}`;
    let f = this.formats.get(id);
    if (!f) {
      // A key missing from a translation reads in English rather than failing the mail.
      const source = this.catalogues.get(lang)?.[key] ?? this.catalogues.get('en')?.[key];
      if (source === undefined) throw new Error(`mail catalogue has no ${key}`);
      f = new IntlMessageFormat(source, lang);
      this.formats.set(id, f);
    }
    return String(f.format(values));
  }

  render(content: MailContent, locale: string | null | undefined): RenderedMail {
    const lang = this.localeFor(locale);
    const { company } = this;
    const v: Values = { company: company.name, email: company.email, phone: displayPhone(company.phone) };
    // The name is the one value in the mail a stranger can choose (anyone can register any address):
    // a stored name outside the name rule (older accounts) greets anonymously rather than carrying
    // a URL or control characters to the mailbox.
    const firstName = cleanPersonName(content.firstName.trim()) === content.firstName.trim() ? content.firstName.trim() : '';
    const hello = firstName ? this.t(lang, 'greeting', { firstName }) : this.t(lang, 'greetingAnonymous');
    const p = (key: string, extra: Values = {}): Block => ({ p: this.t(lang, key, { ...v, ...extra }) });
    let prefix: string;
    let subjectValues: Values = v;
    let blocks: Block[];
    switch (content.kind) {
      case 'verification-code': {
        prefix = 'verificationCode';
        subjectValues = { ...v, code: content.code };
        blocks = [
          p(`${prefix}.intro`),
          { code: content.code },
          p(`${prefix}.expiry`, { minutes: content.minutes }),
          p(`${prefix}.ignore`),
        ];
        break;
      }
      case 'password-reset': {
        prefix = 'passwordReset';
        blocks = [
          p(`${prefix}.intro`),
          { link: content.link, label: this.t(lang, `${prefix}.button`) },
          p(`${prefix}.expiry`, { minutes: content.minutes }),
          p(`${prefix}.ignore`),
        ];
        break;
      }
      case 'password-changed': {
        prefix = 'passwordChanged';
        const at = typeof content.at === 'string' ? new Date(content.at) : content.at;
        const date = `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
        blocks = [p(`${prefix}.body`, { date }), p(`${prefix}.ifYou`), p(`${prefix}.ifNot`)];
        break;
      }
      case 'account-deleted': {
        prefix = 'accountDeleted';
        blocks = [p(`${prefix}.body`), p(`${prefix}.records`), p(`${prefix}.goodbye`)];
        break;
      }
      case 'sign-in-attempts': {
        prefix = 'signInAttempts';
        blocks = [p(`${prefix}.body`, { attempts: content.attempts, minutes: content.minutes }), p(`${prefix}.stillYou`), p(`${prefix}.ifNot`)];
        break;
      }
      case 'order-paid': {
        prefix = 'orderPaid';
        const total = new Intl.NumberFormat(lang, { style: 'currency', currency: content.currency }).format(content.total / 100);
        subjectValues = { ...v, orderNumber: content.orderNumber };
        blocks = [
          p(`${prefix}.body`, { orderNumber: content.orderNumber, total }),
          { link: content.link, label: this.t(lang, `${prefix}.button`) },
          p(`${prefix}.next`),
        ];
        break;
      }
      case 'order-shipped': {
        prefix = 'orderShipped';
        subjectValues = { ...v, orderNumber: content.orderNumber };
        blocks = [p(`${prefix}.body`, { orderNumber: content.orderNumber, carrier: content.carrier, trackingNumber: content.trackingNumber })];
        if (content.trackingUrl) blocks.push({ link: content.trackingUrl, label: this.t(lang, `${prefix}.button`) });
        break;
      }
      case 'order-refunded': {
        prefix = 'orderRefunded';
        const amount = new Intl.NumberFormat(lang, { style: 'currency', currency: content.currency }).format(content.amount / 100);
        subjectValues = { ...v, orderNumber: content.orderNumber };
        blocks = [p(`${prefix}.body`, { orderNumber: content.orderNumber, amount }), p(`${prefix}.policy`)];
        break;
      }
      case 'payment-failed': {
        prefix = 'paymentFailed';
        const total = new Intl.NumberFormat(lang, { style: 'currency', currency: content.currency }).format(content.total / 100);
        subjectValues = { ...v, orderNumber: content.orderNumber };
        blocks = [
          p(`${prefix}.${content.reason}`, { orderNumber: content.orderNumber, total }),
          p(`${prefix}.nothingTaken`),
          { link: content.link, label: this.t(lang, `${prefix}.button`) },
        ];
        break;
      }
      case 'esim-ready': {
        prefix = 'esimReady';
        subjectValues = { ...v, planName: content.planName };
        blocks = [
          p(`${prefix}.body`, { planName: content.planName }),
          p(`${prefix}.iphone`),
          { link: content.installLink, label: this.t(lang, `${prefix}.installButton`) },
          p(`${prefix}.manual`, { smdpAddress: content.smdpAddress, matchingId: content.matchingId }),
          { code: content.activationCode },
          p(`${prefix}.android`),
          p(`${prefix}.once`),
          { link: content.link, label: this.t(lang, `${prefix}.button`) },
        ];
        break;
      }
      case 'sim-action-failed': {
        prefix = 'simActionFailed';
        blocks = [p(`${prefix}.body`, { number: content.number }), { p: content.note }, { link: content.link, label: this.t(lang, `${prefix}.button`) }];
        break;
      }
      case 'auto-charge-failed': {
        prefix = 'autoChargeFailed';
        const amount = new Intl.NumberFormat(lang, { style: 'currency', currency: content.currency }).format(content.amount / 100);
        const retry = content.retryAt ? new Date(content.retryAt) : null;
        subjectValues = { ...v, what: content.what };
        blocks = [
          p(`${prefix}.body`, { what: content.what, number: content.number, amount }),
          retry
            ? p(`${prefix}.retry`, { date: `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(retry)} UTC` })
            : p(`${prefix}.noRetry`),
          p(`${prefix}.stillOn`),
          { link: content.link, label: this.t(lang, `${prefix}.button`) },
        ];
        break;
      }
      case 'low-balance': {
        prefix = 'lowBalance';
        const money = (n: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: content.currency }).format(n / 100);
        blocks = [
          p(`${prefix}.body`, { balance: money(content.balance), threshold: money(content.threshold) }),
          p(`${prefix}.hint`),
          { link: content.link, label: this.t(lang, `${prefix}.button`) },
        ];
        break;
      }
      case 'plan-expired': {
        prefix = 'planExpired';
        const until = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(content.recoverUntil));
        blocks = [p(`${prefix}.body`, { number: content.number }), p(`${prefix}.recover`, { date: until }), { link: content.link, label: this.t(lang, `${prefix}.button`) }];
        break;
      }
    }
    const subject = this.t(lang, `${prefix}.subject`, subjectValues);
    const all: Block[] = [{ p: hello }, ...blocks];
    const footer = [this.t(lang, 'footer', v), company.name, company.address, `${displayPhone(company.phone)} · ${company.email}`];
    return { locale: lang, subject, text: renderText(all, footer), html: renderHtml(lang, subject, all, footer) };
  }
}

let defaultCatalogues: Map<string, Catalogue> | undefined;

/** Renders with the catalogues shipped in apps/api/locales/mail. */
export function renderMail(content: MailContent, locale: string | null | undefined, company: CompanyDetails): RenderedMail {
  defaultCatalogues ??= loadMailCatalogues();
  return new MailTemplates(defaultCatalogues, company).render(content, locale);
}
