import type { QueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type ChangePasswordBody } from '@app/shared/contracts/auth';
import type { Profile, ProfilePatch } from '@app/shared/contracts/profile';
import { api, type RequestOptions } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

type Toast = RequestOptions<unknown>['toast'];

/** PATCH sends only the fields given; the answer is the whole updated profile, cached at once. */
export async function updateProfile(client: QueryClient, patch: ProfilePatch, toast?: Toast): Promise<Profile> {
  const profile = await api.patch<Profile>('/subscriber/profile', patch, { toast });
  client.setQueryData(profileQueryKey, profile);
  return profile;
}

/** Other sessions are signed out by the server; this one stays (docs/decisions/031). */
export function changePassword(body: ChangePasswordBody, toast?: Toast) {
  return api.post('/subscriber/change_password', body, { schema: messageResponseSchema, toast });
}

export function deleteAccount(password: string, toast?: Toast) {
  return api.post('/subscriber/delete_account', { password }, { schema: messageResponseSchema, toast });
}
