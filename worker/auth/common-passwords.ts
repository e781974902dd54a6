import { ApiFailure } from '../errors';

// The most common passwords (zxcvbn-ts's 'passwords-common' list, about 49 000 entries, lower case), refused
// whenever a password is set: signup, reset and change. Server only: the list stays out of the client bundle,
// which checks the length alone (core/schemas/account.ts). The module is imported on first use, and its Set is
// built once per isolate, so pages that never set a password never pay for it.

let common: Promise<Set<string>> | null = null;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** Refuses a common password as a field error of `field` (400 `validation_failed`, like the schema's own). */
export async function refuseCommonPassword(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password))
    throw new ApiFailure(400, 'validation_failed', 'validation.failed', { [field]: 'validation.password_common' });
}
