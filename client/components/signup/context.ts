import { createContext, useContext } from 'react';
import type { FieldErrors } from '../../lib/validate';
import type { SignupStepInput } from '../../../core/schemas/account';

export interface FlowContextValue {
  mode: 'modal' | 'page';
  /** Leaves the flow for another page (closes the modal; nothing in a page). */
  leave: () => void;
  /** PUT /api/signup.php with one step; on success the user (and with it the step) moves on. */
  save: (body: SignupStepInput) => Promise<FieldErrors>;
}

export const FlowContext = createContext<FlowContextValue>({ mode: 'page', leave: () => {}, save: async () => ({}) });
export const useFlow = () => useContext(FlowContext);
