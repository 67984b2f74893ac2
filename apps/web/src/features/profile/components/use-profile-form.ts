import { useForm, type FieldValues, type Path } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { Profile, ProfilePatch } from '@app/shared/contracts/profile';
import { applyServerFieldErrors, toastUnlessFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { updateProfile } from '../api/account-actions';

/**
 * A form over part of the profile, saved with one PATCH: the server's answer becomes the form's new
 * starting point (so "unsaved changes" is judged against what is stored), field errors from the
 * server land on their fields, and other errors are toasted once.
 */
export function useProfileForm<TForm extends FieldValues, TValues extends ProfilePatch & FieldValues>(
  schema: z.ZodType<TValues, TForm>,
  toForm: (profile: Profile) => TForm,
  profile: Profile,
  fields: readonly Path<TForm>[],
) {
  const queryClient = useQueryClient();
  const form = useForm<TForm, unknown, TValues>({ resolver: zodResolver(schema), defaultValues: toForm(profile) as never });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateProfile(queryClient, values, toastUnlessFieldErrors(fields));
      form.reset(toForm(saved));
      notify.success({ id: 'profile.updated' });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fields);
    }
  });
  return { form, onSubmit };
}
