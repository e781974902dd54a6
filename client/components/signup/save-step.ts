import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n';
import { SignupStepSchema, type SignupStepInput } from '../../../core/schemas/account';
import { apiSend } from '../../api/typed-fetch';
import { apiErrors, check, type FieldErrors } from '../../lib/validate';
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
        const { user } = await apiSend('put', '/api/signup.php', checked.data);
        setUser(user);
        return {};
      } catch (error) {
        return apiErrors(error, t);
      }
    },
    [t, setUser],
  );
}
