import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n';
import { SignupStepSchema, type SignupStepInput } from '../../../core/schemas/account';
import type { User } from '../../../core/schemas/user';
import { apiFetch } from '../../api/fetch-client';
import { apiErrors, check, type FieldErrors } from '../../screens/account/validate';
import { userAtom } from '../../state/atoms';

/** Checks one later step with the core schema, PUTs it, and moves the user (and so the flow) to the next step. */
export function useSaveStep(): (body: SignupStepInput) => Promise<FieldErrors> {
  const { t } = useTranslation();
  const setUser = useSetAtom(userAtom);
  return useCallback(
    async (body: SignupStepInput) => {
      const checked = check(SignupStepSchema, body, t);
      if (!checked.ok) return checked.errors;
      try {
        const { user } = await apiFetch<{ user: User }>('/api/signup.php', { method: 'PUT', body: checked.data });
        setUser(user);
        return {};
      } catch (error) {
        return apiErrors(error, t);
      }
    },
    [t, setUser],
  );
}
