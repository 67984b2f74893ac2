import { loginResponseSchema, messageResponseSchema, type LoginBody, type LoginResponse, type MessageResponse, type ResetPasswordBody } from '@app/shared/contracts/auth';
import { api, type RequestOptions } from '../../../lib/api-client';
import { setToken } from '../../../lib/session';

type Toast = RequestOptions<unknown>['toast'];

/** POST /public/auth/login. The caller decides which failures it shows itself (403 → code screen). */
export function login(body: LoginBody, toast?: Toast): Promise<LoginResponse> {
  return api.post('/public/auth/login', body, { schema: loginResponseSchema, toast });
}

/** Keeps the token where the person's choice says (spec §4): localStorage only for 'stay signed in'. */
export function startSession(answer: LoginResponse): void {
  setToken(answer.token, { remember: answer.stayLoggedIn });
}

/** Answers the same for every address (docs/decisions/032), so the page never says whether one exists. */
export function requestPasswordReset(email: string, toast?: Toast): Promise<MessageResponse> {
  return api.post('/public/auth/forgot_password', { email }, { schema: messageResponseSchema, toast });
}

export function resetPassword(body: ResetPasswordBody, toast?: Toast): Promise<MessageResponse> {
  return api.post('/public/auth/reset_password', body, { schema: messageResponseSchema, toast });
}
