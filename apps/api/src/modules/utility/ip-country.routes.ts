import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const ipCountrySchema = z.object({ country: z.string().length(2).nullable() });

/**
 * GET /public/utility/ip_country → { country }: the visitor's country for the phone input's default
 * (spec §7). We do not send visitors' browsers to a third-party geolocation service; the CDN or load
 * balancer in front of the site already knows the country and passes it in a header
 * (GEOIP_COUNTRY_HEADER, e.g. Cloudflare's cf-ipcountry). The header is trusted only behind a proxy
 * (TRUST_PROXY), since a client could send it itself. Unknown → null, and the client falls back to
 * the first preferred country.
 */
export async function utilityModule(app: FastifyInstance): Promise<void> {
  const header = app.config.GEOIP_COUNTRY_HEADER.toLowerCase();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/public/utility/ip_country',
    { schema: { response: { 200: ipCountrySchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      if (!app.config.TRUST_PROXY) return { country: null };
      const raw = req.headers[header];
      const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
      // Cloudflare sends XX (unknown) and T1 (Tor): neither is a country.
      const country = value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1' ? value : null;
      return { country };
    },
  );
}
