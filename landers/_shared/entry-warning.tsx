import type { Translate } from './types';

export interface EntryWarningProps {
  t: Translate;
  brand: string;
  /** The page's own path: the form comes back to it with entry_ok=1, which the worker stores and strips. */
  action: string;
  /** The page's query (traffic source, lb...), carried through the form so nothing is lost. */
  query: [string, string][];
  /** The cookie that remembers the answer (core/constants COOKIE.entryWarningSkipped), for the runtime to set. */
  cookie: string;
}

/**
 * The site-entry warning as a modal dialog that works without JavaScript: "enter" submits a GET form to this page
 * with entry_ok=1 (the worker sets the cookie and redirects back). With JavaScript, landers/runtime.ts sets the
 * cookie itself and closes the dialog without a reload.
 */
export function EntryWarning({ t, brand, action, query, cookie }: EntryWarningProps) {
  return (
    <div
      className="lander-ew"
      role="dialog"
      aria-modal="true"
      aria-labelledby="ew-title"
      aria-describedby="ew-text"
      data-entry-warning={cookie}
      data-testid="entry-warning"
    >
      <div className="lander-ew-card">
        <p className="m-0 flex justify-center" aria-hidden="true">
          <span className="inline-flex h-16 w-16 items-center justify-center rounded-full border-4 border-solid border-danger text-2xl font-extrabold text-danger">
            18+
          </span>
        </p>
        <h2 id="ew-title" className="mb-2 mt-3 text-2xl font-extrabold">
          {t('entry_warning.title')}
        </h2>
        <p id="ew-text" className="my-2 leading-relaxed">
          {t('entry_warning.text', { brand })}
        </p>
        <p className="mb-5 mt-2 text-sm leading-relaxed text-gray-700">{t('entry_warning.consent')}</p>
        <form method="get" action={action} data-entry-form>
          {query.map(([name, value], i) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: a query string may repeat a name; its order is fixed
              key={`${name}-${i}`}
              type="hidden"
              name={name}
              value={value}
            />
          ))}
          <button type="submit" name="entry_ok" value="1" data-entry-enter>
            {t('entry_warning.enter')}
          </button>
        </form>
        <a href="https://www.google.com/" rel="noreferrer" className="mt-3 inline-block py-2 text-gray-700 underline">
          {t('entry_warning.leave')}
        </a>
      </div>
    </div>
  );
}
