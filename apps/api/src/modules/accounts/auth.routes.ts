import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authStatusResponseSchema, changePasswordBodySchema, deleteAccountBodySchema, emailBodySchema, forgotPasswordBodySchema, localeSchema, loginBodySchema, loginResponseSchema, messageResponseSchema, registerBodySchema, registerResponseSchema, resendParamsSchema, resendResponseSchema, resetPasswordBodySchema, verifyParamsSchema, verifyResponseSchema } from '@app/shared/contracts/auth';
import { bearerToken } from '../../plugins/auth.js';
import { TRUSTED_DEVICE_DAYS, type AuthService } from './auth.service.js';
import { primeDummyHash } from './passwords.js';
import type { SessionService } from './sessions.js';
import { readCookie } from './social-auth.routes.js';

/**
 * The trusted-device cookie (docs/decisions/073): sent only to the sign-in endpoint, never readable
 * by scripts, and useless to anyone but the account it was issued for.
 */
const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_PATH = '/public/auth/login';

/** First language of Accept-Language, when it is a tag we can store. */
function acceptedLocale(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  if (!first || first === '*') return undefined;
  const parsed = localeSchema.safeParse(first);
  return parsed.success ? parsed.data : undefined;
}

/** Account endpoints (SPEC §7 Auth); methods and bodies are described in docs/decisions/030-auth-api.md. */
export const authRoutes = (auth: AuthService, sessions: SessionService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = fastify.rateLimits;
  await primeDummyHash();

  app.post(
    '/public/auth/register',
    { schema: { body: registerBodySchema, response: { 201: registerResponseSchema } } },
    async (req, reply) => {
      await limits.hit(req, 'register', req.body.email);
      const { confirmPassword: _, ...input } = req.body;
      const result = await auth.register({ ...input, locale: input.locale ?? acceptedLocale(req.headers['accept-language']) });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/public/auth/verify/:code',
    { schema: { params: verifyParamsSchema, body: emailBodySchema, response: { 200: verifyResponseSchema } } },
    async (req) => {
      await limits.hit(req, 'verify');
      return auth.verifyEmail(req.body.email, req.params.code);
    },
  );

  app.post(
    '/public/auth/verify/:code/resend_code',
    { schema: { params: resendParamsSchema, body: emailBodySchema, response: { 200: resendResponseSchema } } },
    async (req) => {
      await limits.hit(req, 'resend');
      return auth.resendCode(req.body.email);
    },
  );

  app.post('/public/auth/login', { schema: { body: loginBodySchema, response: { 200: loginResponseSchema } } }, async (req, reply) => {
    await limits.hit(req, 'login');
    const { response, device } = await auth.login({
      email: req.body.email,
      password: req.body.password,
      stayLoggedIn: req.body.stayLoggedIn ?? req.body.rememberMe ?? false,
      userAgent: req.headers['user-agent'],
      device: readCookie(req, DEVICE_COOKIE),
    });
    const secure = req.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${device}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${TRUSTED_DEVICE_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure}`,
    );
    return response;
  });

  // The session check the web app makes at start: never an error, just whether the token is live.
  app.get('/public/auth', { schema: { response: { 200: authStatusResponseSchema } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const token = bearerToken(req);
    return auth.status(token ? await sessions.authenticate(token) : null);
  });

  app.post(
    '/public/auth/forgot_password',
    { schema: { body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } } },
    async (req) => {
      await limits.hit(req, 'forgot');
      return auth.forgotPassword(req.body.email);
    },
  );

  app.post(
    '/public/auth/reset_password',
    { schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } } },
    async (req) => {
      await limits.hit(req, 'reset');
      return auth.resetPassword(req.body.token, req.body.password);
    },
  );

  app.post(
    '/subscriber/change_password',
    { schema: { body: changePasswordBodySchema, response: { 200: messageResponseSchema } } },
    async (req) => auth.changePassword(req.subscriber, req.body.currentPassword, req.body.password),
  );

  app.post(
    '/subscriber/logout',
    { config: { allowRevokedSession: true }, schema: { response: { 200: messageResponseSchema } } },
    async (req) => auth.logout(req.subscriber),
  );

  const deleteAccount = { schema: { body: deleteAccountBodySchema, response: { 200: messageResponseSchema } } };
  app.post('/subscriber/delete_account', deleteAccount, async (req) => auth.deleteAccount(req.subscriber, req.body.password));
  app.delete('/subscriber/profile', deleteAccount, async (req) => auth.deleteAccount(req.subscriber, req.body.password));
};
