import { registerResponseSchema, resendResponseSchema, verifyResponseSchema, type RegisterBody, type RegisterResponse } from '@app/shared/contracts/auth';
import { api, type RequestOptions } from '../../../lib/api-client';

type Toast = RequestOptions<unknown>['toast'];

/** POST /public/auth/register → 201; a six-digit code is mailed to the address. */
export function register(body: RegisterBody, toast?: Toast): Promise<RegisterResponse> {
  return api.post('/public/auth/register', body, { schema: registerResponseSchema, toast });
}

/** The code travels in the path (spec §7); verifying does not sign in (docs/decisions/030). */
export function verifyEmail(code: string, email: string, toast?: Toast) {
  return api.post(`/public/auth/verify/${encodeURIComponent(code)}`, { email }, { schema: verifyResponseSchema, toast });
}

/** The path's code segment is a placeholder the server ignores. */
export function resendCode(email: string, toast?: Toast) {
  return api.post('/public/auth/verify/code/resend_code', { email }, { schema: resendResponseSchema, toast });
}
