import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { cleanPersonName } from '@app/shared/rules/account';
import { displayPhone } from '@app/shared/rules/calling-codes';
import { isRtl } from '@app/shared/rules/locales';

/**
 * Every e-mail the server sends, rendered by one function from per-language message catalogues
 * (apps/api/locales/mail/<lang>.json, ICU messages, the same keys in every file). A mail kind is a
 * list of blocks (paragraphs, a code, a button) whose words come from the catalogue; the function
 * writes a plain-text and an HTML part that say the same thing and end with the company's details.
 * Values are escaped for HTML; only links we made ourselves are ever rendered as links.
 *
 * Everything locale-dependent goes through Intl in the mail's language: money (NumberFormat
 * currency), dates (DateTimeFormat, with the time zone named), counts (plurals and plain numbers
 * alike). A right-to-left language gets `dir="rtl"`; codes, links, phone and order numbers stay
 * left-to-right inside it (decision 210).
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
  /** A new eSIM profile for a number (reissued, or a physical SIM moved to eSIM): the delivery mail's install content. */
  | {
      kind: 'esim-reissued';
      firstName: string;
      number: string;
      reason: 'reissue' | 'to_esim';
      activationCode: string;
      smdpAddress: string;
      matchingId: string;
      installLink: string;
      link: string;
    }
  /**
   * A paid change the network could not make, and what happened to the money: the plan stays paid
   * (a failed activation can be tried again), nothing was charged, or `amount` went to the balance.
   * `note` is the English sentence mails queued before the outcome existed carry instead.
   */
  | {
      kind: 'sim-action-failed';
      firstName: string;
      number: string;
      outcome?: 'kept' | 'free' | 'refunded';
      amount?: number;
      currency?: string;
      note?: string;
      link: string;
    }
  /** An automatic charge (auto-renew, auto-extend, auto top-up) was declined. */
  | { kind: 'auto-charge-failed'; firstName: string; what: 'renew' | 'extend' | 'top_up' | 'quota'; number: string; amount: number; currency: string; retryAt: Date | string | null; link: string }
  /** The balance fell below the subscriber's notification threshold (once per dip). */
  | { kind: 'low-balance'; firstName: string; balance: number; threshold: number; currency: string; link: string }
  /** A plan ended while the subscriber was away. */
  | { kind: 'plan-expired'; firstName: string; number: string; recoverUntil: Date | string; link: string }
  /** The network reports that the number moved to another carrier (a port-out the owner asked the new carrier for). */
  | { kind: 'number-ported-out'; firstName: string; number: string; link: string }
  | { kind: 'order-delayed'; firstName: string; orderNumber: string; link: string };

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

/** A value placed in a message: kept apart so HTML can isolate its direction (`<bdi>`). */
interface Inserted {
  value: string;
  /** Codes, numbers, addresses: left-to-right even inside a right-to-left sentence. */
  ltr: boolean;
}

/** A rendered message: text, and the values placed in it. */
type Parts = (string | Inserted)[];

type Block = { p: Parts } | { code: string } | { link: string; label: string };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const plainText = (parts: Parts) => parts.map((x) => (typeof x === 'string' ? x : x.value)).join('');

function htmlText(parts: Parts): string {
  return parts.map((x) => (typeof x === 'string' ? escapeHtml(x) : `<bdi${x.ltr ? ' dir="ltr"' : ''}>${escapeHtml(x.value)}</bdi>`)).join('');
}

function renderText(blocks: Block[], footer: Parts[]): string {
  const body = blocks.map((b) => ('p' in b ? plainText(b.p) : 'code' in b ? `    ${b.code}` : b.link)).join('\n\n');
  return `${body}\n\n-- \n${footer.map(plainText).join('\n')}\n`;
}

function renderHtml(lang: string, subject: string, blocks: Block[], footer: Parts[]): string {
  const dir = isRtl(lang) ? 'rtl' : 'ltr';
  const body = blocks
    .map((b) => {
      if ('p' in b) return `<p style="margin:0 0 16px">${htmlText(b.p)}</p>`;
      if ('code' in b) {
        return `<p dir="ltr" style="margin:0 0 16px;font:700 28px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:6px">${escapeHtml(b.code)}</p>`;
      }
      const href = escapeHtml(b.link);
      return (
        `<p style="margin:0 0 8px"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#0b5cff;color:#ffffff;` +
        `text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(b.label)}</a></p>` +
        `<p dir="ltr" style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${href}">${href}</a></p>`
      );
    })
    .join('\n');
  const foot = footer.map(htmlText).join('<br>');
  return `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:24px;background:#f4f6f8;font:16px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1b1f24">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${body}
<hr style="border:none;border-top:1px solid #e3e6ea;margin:24px 0">
<p style="margin:0;font-size:12px;color:#5b6570">${foot}</p>
</div>
</body></html>
`;
}

type Values = Record<string, string | number>;

/** Values that read left-to-right in every language: codes, numbers, addresses. */
const LTR_VALUES = new Set(['code', 'phone', 'email', 'number', 'orderNumber', 'trackingNumber', 'smdpAddress', 'matchingId']);

/** Names a message uses as plain `{name}` and never as a plural, select or number argument. */
function plainArguments(ast: MessageFormatElement[]): Set<string> {
  const plain = new Set<string>();
  const other = new Set<string>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.argument) plain.add(el.value);
      else if (el.type === TYPE.plural || el.type === TYPE.select) {
        other.add(el.value);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) other.add(el.value);
      else if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(ast);
  for (const name of other) plain.delete(name);
  return plain;
}

interface Compiled {
  format: IntlMessageFormat;
  plain: Set<string>;
}

export class MailTemplates {
  private readonly formats = new Map<string, Compiled>();
  private readonly numbers = new Map<string, Intl.NumberFormat>();

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

  private compiled(lang: string, key: string): Compiled {
    const id = `${lang}:${key}`;
    let c = this.formats.get(id);
    if (!c) {
      // A key missing from a translation reads in English rather than failing the mail.
      const source = this.catalogues.get(lang)?.[key] ?? this.catalogues.get('en')?.[key];
      if (source === undefined) throw new Error(`mail catalogue has no ${key}`);
      const format = new IntlMessageFormat(source, lang);
      c = { format, plain: plainArguments(format.getAst()) };
      this.formats.set(id, c);
    }
    return c;
  }

  private number(lang: string, n: number): string {
    let f = this.numbers.get(lang);
    if (!f) this.numbers.set(lang, (f = new Intl.NumberFormat(lang)));
    return f.format(n);
  }

  /**
   * A message with its values in place. ICU writes `{n}` with String(n) ("1000" in every language);
   * a number used as a plain argument is formatted here with the language's digits and grouping.
   */
  private parts(lang: string, key: string, values: Values = {}): Parts {
    const { format, plain } = this.compiled(lang, key);
    const args: Record<string, string | number | Inserted> = {};
    for (const [name, v] of Object.entries(values)) {
      args[name] = plain.has(name) ? { value: typeof v === 'number' ? this.number(lang, v) : v, ltr: LTR_VALUES.has(name) } : v;
    }
    return format.formatToParts<Inserted>(args).map((part) => part.value);
  }

  private t(lang: string, key: string, values: Values = {}): string {
    return plainText(this.parts(lang, key, values));
  }

  /** A date and time in the mail's language, with its time zone named (UTC: we do not know the reader's). */
  private dateTime(lang: string, at: Date | string): string {
    return new Intl.DateTimeFormat(lang, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }).format(new Date(at));
  }

  private money(lang: string, cents: number, currency: string): string {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
  }

  render(content: MailContent, locale: string | null | undefined): RenderedMail {
    const lang = this.localeFor(locale);
    const { company } = this;
    const v: Values = { company: company.name, email: company.email, phone: displayPhone(company.phone) };
    // The name is the one value in the mail a stranger can choose (anyone can register any address):
    // a stored name outside the name rule (older accounts) greets anonymously rather than carrying
    // a URL or control characters to the mailbox.
    const firstName = cleanPersonName(content.firstName.trim()) === content.firstName.trim() ? content.firstName.trim() : '';
    const hello = firstName ? this.parts(lang, 'greeting', { firstName }) : this.parts(lang, 'greetingAnonymous');
    const p = (key: string, extra: Values = {}): Block => ({ p: this.parts(lang, key, { ...v, ...extra }) });
    const money = (cents: number, currency: string) => this.money(lang, cents, currency);
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
        blocks = [p(`${prefix}.body`, { date: this.dateTime(lang, content.at) }), p(`${prefix}.ifYou`), p(`${prefix}.ifNot`)];
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
        subjectValues = { ...v, orderNumber: content.orderNumber };
        blocks = [
          p(`${prefix}.body`, { orderNumber: content.orderNumber, total: money(content.total, content.currency) }),
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
        subjectValues = { ...v, orderNumber: content.orderNumber };
        blocks = [p(`${prefix}.body`, { orderNumber: content.orderNumber, amount: money(content.amount, content.currency) }), p(`${prefix}.policy`)];
        break;
      }
      case 'payment-failed': {
        prefix = 'paymentFailed';
        subjectValues = { ...v, orderNumber: content.orderNumber };
        blocks = [
          p(`${prefix}.${content.reason}`, { orderNumber: content.orderNumber, total: money(content.total, content.currency) }),
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
      case 'esim-reissued': {
        prefix = 'esimReissued';
        const number = content.number ? displayPhone(content.number) : '';
        subjectValues = { ...v, number };
        // The install part is the delivery mail's own words (esimReady.*), so both read the same.
        blocks = [
          p(`${prefix}.body`, { number, reason: content.reason }),
          p(`${prefix}.oldStops`),
          p('esimReady.iphone'),
          { link: content.installLink, label: this.t(lang, 'esimReady.installButton') },
          p('esimReady.manual', { smdpAddress: content.smdpAddress, matchingId: content.matchingId }),
          { code: content.activationCode },
          p('esimReady.android'),
          p('esimReady.once'),
          { link: content.link, label: this.t(lang, 'esimReady.button') },
        ];
        break;
      }
      case 'sim-action-failed': {
        prefix = 'simActionFailed';
        const { outcome } = content;
        const what: Block | undefined =
          outcome === 'refunded' && content.amount !== undefined && content.currency
            ? p(`${prefix}.refunded`, { amount: money(content.amount, content.currency) })
            : outcome === 'kept' || outcome === 'free'
              ? p(`${prefix}.${outcome}`)
              : content.note
                ? { p: [content.note] }
                : undefined;
        blocks = [p(`${prefix}.body`, { number: content.number }), ...(what ? [what] : []), { link: content.link, label: this.t(lang, `${prefix}.button`) }];
        break;
      }
      case 'auto-charge-failed': {
        prefix = 'autoChargeFailed';
        subjectValues = { ...v, what: content.what };
        blocks = [
          p(`${prefix}.body`, { what: content.what, number: content.number, amount: money(content.amount, content.currency) }),
          content.retryAt ? p(`${prefix}.retry`, { date: this.dateTime(lang, content.retryAt) }) : p(`${prefix}.noRetry`),
          p(`${prefix}.stillOn`),
          { link: content.link, label: this.t(lang, `${prefix}.button`) },
        ];
        break;
      }
      case 'low-balance': {
        prefix = 'lowBalance';
        blocks = [
          p(`${prefix}.body`, { balance: money(content.balance, content.currency), threshold: money(content.threshold, content.currency) }),
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
      case 'number-ported-out': {
        prefix = 'portedOut';
        blocks = [p(`${prefix}.body`, { number: content.number }), p(`${prefix}.after`), p(`${prefix}.notYou`), { link: content.link, label: this.t(lang, `${prefix}.button`) }];
        break;
      }
      case 'order-delayed': {
        prefix = 'orderDelayed';
        subjectValues = { ...v, orderNumber: content.orderNumber };
        blocks = [
          p(`${prefix}.body`, { orderNumber: content.orderNumber }),
          p(`${prefix}.next`),
          p(`${prefix}.refund`),
          { link: content.link, label: this.t(lang, `${prefix}.button`) },
        ];
        break;
      }
    }
    const subject = this.t(lang, `${prefix}.subject`, subjectValues);
    const all: Block[] = [{ p: hello }, ...blocks];
    const ltr = (value: string): Inserted => ({ value, ltr: true });
    const footer: Parts[] = [this.parts(lang, 'footer', v), [company.name], [company.address], [ltr(displayPhone(company.phone)), ' · ', ltr(company.email)]];
    return { locale: lang, subject, text: renderText(all, footer), html: renderHtml(lang, subject, all, footer) };
  }
}

let defaultCatalogues: Map<string, Catalogue> | undefined;

/** Renders with the catalogues shipped in apps/api/locales/mail. */
export function renderMail(content: MailContent, locale: string | null | undefined, company: CompanyDetails): RenderedMail {
  defaultCatalogues ??= loadMailCatalogues();
  return new MailTemplates(defaultCatalogues, company).render(content, locale);
}
