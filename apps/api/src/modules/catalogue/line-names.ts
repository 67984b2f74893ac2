import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE } from '@app/shared/rules/locales';
import { requestLocale } from '../../lib/request-locale.js';
import type { CatalogueService, CatalogueSnapshot } from './catalogue.service.js';

/**
 * Quote and order lines carry the name of what was sold, in English as the catalogue had it (what the
 * order and its invoice record). Shown to a reader of another language, a line whose name is still
 * its plan's or add-on's English name reads in that language instead (decision 210); any other name
 * (a top-up, a renamed plan, an item that left the catalogue) stays as stored.
 */

interface Line {
  name?: unknown;
  planId?: unknown;
  addonId?: unknown;
}

function localName(line: Line, base: CatalogueSnapshot, view: CatalogueSnapshot): string | undefined {
  if (typeof line.name !== 'string') return undefined;
  if (typeof line.addonId === 'string') {
    if (base.addOnsById.get(line.addonId)?.name === line.name) return view.addOnsById.get(line.addonId)?.name;
  } else if (typeof line.planId === 'string' && base.plans.get(line.planId)?.name === line.name) {
    return view.plans.get(line.planId)?.name;
  }
  return undefined;
}

/** A copy of `value` with its `lines` (at any depth up to 3: an order, a quote, a list of orders) renamed. */
export function withLocalLineNames(value: unknown, base: CatalogueSnapshot, view: CatalogueSnapshot, depth = 0): unknown {
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withLocalLineNames(v, base, view, depth + 1));
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, v] of Object.entries(out)) {
    if (key === 'lines' && Array.isArray(v)) {
      out.lines = v.map((line: unknown) => {
        const name = line && typeof line === 'object' ? localName(line as Line, base, view) : undefined;
        return name ? { ...(line as object), name } : line;
      });
    } else if (v && typeof v === 'object') {
      out[key] = withLocalLineNames(v, base, view, depth + 1);
    }
  }
  return out;
}

/** A preSerialization hook for route plugins that answer with quotes or orders. */
export function localLineNames(catalogue: CatalogueService) {
  return async (req: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const locale = requestLocale(req);
    if (locale === DEFAULT_LOCALE || !payload || typeof payload !== 'object') return payload;
    const view = await catalogue.snapshot(locale);
    if (view.locale === DEFAULT_LOCALE) return payload;
    return withLocalLineNames(payload, await catalogue.snapshot(), view);
  };
}
