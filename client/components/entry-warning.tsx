import { useAtom, useAtomValue } from 'jotai';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from '../i18n';
import { COOKIE } from '../../core/constants';
import { setCookie } from '../lib/cookies';
import { entryWarningAtom, installedAppAtom, routeAtom, settingsAtom } from '../state/atoms';
import { Modal } from './modal';
import { apiSend } from '../api/typed-fetch';
import { AGE_DECLARATION_VERSION } from '../../core/rules/age-assurance';

/**
 * Issue 45 item 3: the "I am 18+" is logged on the server with the text's version, as consents are; the visitor is
 * a random id this browser keeps (no address). A failed log does not keep the visitor out: the warning is closed.
 */
function logDeclaration(): void {
  try {
    let visitor = localStorage.getItem('age_visitor');
    if (!visitor) {
      visitor = crypto.randomUUID();
      localStorage.setItem('age_visitor', visitor);
    }
    apiSend('post', '/api/age-declaration.php', { version: AGE_DECLARATION_VERSION, visitor }).catch(() => undefined);
  } catch {
    // no storage (a private window's rules) or no randomUUID: the warning still closes
  }
}

/**
 * The site-entry (adult content) warning. The server decides whether it shows (core/rules/entry-warning); the
 * browser only adds what the server cannot see: an installed app hides it.
 */
export function EntryWarning() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(entryWarningAtom);
  const installedApp = useAtomValue(installedAppAtom);
  const settings = useAtomValue(settingsAtom);
  const route = useAtomValue(routeAtom);

  useEffect(() => {
    if (installedApp) setOpen(false);
  }, [installedApp, setOpen]);

  // Before the script has arrived the button posts the form: the Worker sets the same cookie and sends the
  // visitor back to this page (worker/ssr/forms.ts), so the tap is not lost (issue 18 item 11).
  const enter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCookie(COOKIE.entryWarningSkipped, '1', 365);
    setOpen(false);
    logDeclaration();
  };

  return (
    <Modal open={open} title={t('entry_warning.title')} size="md">
      <div data-testid="entry-warning">
        <p className="m-0 mb-2 flex justify-center" aria-hidden="true">
          <span className="inline-flex h-16 w-16 items-center justify-center rounded-full border-4 border-solid border-danger text-2xl font-extrabold text-danger">
            18+
          </span>
        </p>
        <p>{t('entry_warning.text', { brand: settings.name })}</p>
        <p className="text-sm text-gray-600">{t('entry_warning.consent')}</p>
        <form method="post" action="/entry-warning" onSubmit={enter} className="mt-4 flex flex-col gap-2 sm:flex-row-reverse">
          <input type="hidden" name="back" value={`${route.path}${route.search}`} />
          {/* biome-ignore lint/a11y/noAutofocus: the age gate has one answer; focus on it lets a keyboard confirm at once */}
          <button type="submit" className="btn btn-primary flex-1" autoFocus>
            {t('entry_warning.enter')}
          </button>
          <a className="btn btn-outline flex-1 text-center" href="https://www.google.com/" rel="noreferrer">
            {t('entry_warning.leave')}
          </a>
        </form>
      </div>
    </Modal>
  );
}
