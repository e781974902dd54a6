import type { ComponentType } from 'react';
import AccountDeletedScreen from './account-deleted';
import AgeCheckScreen from './age-check';
import AppealsScreen from './appeals';
import CancelContractsScreen from './cancel-contracts';
import { ActivateDoneScreen, ActivateErrorScreen } from './activation';
import LoginScreen from './login';
import MailChangeDoScreen from './mail-change-do';
import { MyProfileScreen } from './my-profile';
import { screens as settings } from './notifications';
import ResetPasswordScreen from './reset-password';
import ResetPasswordDoScreen from './reset-password-do';

/**
 * The account pages, the settings and the member's own profile (with the account forms' code, kept out of the
 * search's chunk), by route name, as one lazy module: every dynamic import costs the home page's
 * initial JavaScript a chunk name and a preload list, and these pages are small.
 */
export const screens: Record<string, ComponentType> = {
  login: LoginScreen,
  'account-deleted': AccountDeletedScreen,
  'activate-done': ActivateDoneScreen,
  'activate-error': ActivateErrorScreen,
  'reset-password': ResetPasswordScreen,
  'reset-password-do': ResetPasswordDoScreen,
  'mail-change-do': MailChangeDoScreen,
  profile: MyProfileScreen,
  'cancel-contracts': CancelContractsScreen,
  'age-check': AgeCheckScreen,
  appeals: AppealsScreen,
  ...settings,
};
