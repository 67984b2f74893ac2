/**
 * The one way to write an allowance: data sizes, voice minutes and text messages (spec §5 labels
 * '{n} MB', '{n} min', '{n} sms'; docs/decisions/100). Pure and locale-aware through Intl, so the web
 * app, e-mails and invoices print the same figure for the same plan.
 *
 * Data sizes are stored in MB. Below 1 GB (1024 MB) they read in MB; from 1 GB up in GB with at most
 * two decimals and no trailing zeros: 1024 → '1 GB', 1536 → '1.5 GB', 10240 → '10 GB'. So no label
 * ever shows more than 1023 MB.
 */

export const MB_PER_GB = 1024;

export type DataUnit = 'MB' | 'GB';

/** The number and unit a data size is shown in. */
export function dataSizeParts(mb: number): { value: number; unit: DataUnit } {
  if (!Number.isFinite(mb) || mb < 0) throw new RangeError(`Not a data size: ${mb}`);
  if (mb < MB_PER_GB) return { value: mb, unit: 'MB' };
  return { value: Math.round((mb / MB_PER_GB) * 100) / 100, unit: 'GB' };
}

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** '500 MB', '1 GB', '1.5 GB', '10 GB' (French: '10 Go'). */
export function formatDataSize(mb: number, locale = 'en'): string {
  const { value, unit } = dataSizeParts(mb);
  return numberFormat(locale, {
    style: 'unit',
    unit: unit === 'GB' ? 'gigabyte' : 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(value);
}

/** '100 min'. */
export function formatMinutes(minutes: number, locale = 'en'): string {
  return numberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 0 }).format(
    minutes,
  );
}

/** '250 SMS' ("SMS" is the word in every language the shop offers). */
export function formatSms(messages: number, locale = 'en'): string {
  return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(messages)}\u00a0SMS`;
}

export type AllowanceKind = 'data' | 'voice' | 'text';

/** One formatter for any allowance kind: data in MB, voice in minutes, text in messages. */
export function formatAllowance(kind: AllowanceKind, amount: number, locale = 'en'): string {
  switch (kind) {
    case 'data':
      return formatDataSize(amount, locale);
    case 'voice':
      return formatMinutes(amount, locale);
    case 'text':
      return formatSms(amount, locale);
  }
}
