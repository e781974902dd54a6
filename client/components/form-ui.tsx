import {
  cloneElement,
  useCallback,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from '../i18n';
import { useHydrated } from '../lib/hydrated';
import type { FieldErrors } from '../lib/validate';
import { Icon, type IconName } from './icon';

// The form kit of the account screens and the signup flow: every field has a visible label, its hint and error are
// tied to it with aria-describedby, and an invalid field says so (aria-invalid) and gets the focus.

export const INPUT =
  'box-border w-full rounded-lg border border-solid border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 outline-none focus:border-primary focus:ring-1 focus:ring-primary aria-[invalid=true]:border-danger';
/** A light tint of the brand colour (the theme's primary is a CSS variable, so `/10` opacity does not apply). */
export const SOFT_PRIMARY = 'bg-[color-mix(in_srgb,var(--c-primary)_10%,white)]';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  after?: ReactNode;
}

function FieldShell({ id, label, hint, error, children, after }: FieldShellProps) {
  return (
    <div className="mb-4 flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="m-0 text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="m-0 text-sm text-danger" data-field-error>
          {error}
        </p>
      )}
      {after}
    </div>
  );
}

const describedBy = (id: string, hint: unknown, error: unknown) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  after?: ReactNode;
};

export function TextField({ label, hint, error, after, id: givenId, className, ...input }: InputProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} after={after}>
      <input
        id={id}
        className={`${INPUT} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldShell>
  );
}

/** An e-mail address: the phone's e-mail keyboard, no capitals or spelling fixes; `autoComplete` may say 'username'. */
export function EmailField(props: Omit<InputProps, 'type'>) {
  return <TextField type="email" inputMode="email" autoComplete="email" autoCapitalize="off" spellCheck={false} {...props} />;
}

/** A password with a show/hide toggle; `autoComplete` says whether it is the current or a new one. */
export function PasswordField({ label, hint, error, ...input }: Omit<InputProps, 'type'>) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          className={`${INPUT} pr-12`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-controls={id}
          aria-pressed={shown}
          aria-label={shown ? t('account.fields.hide_password') : t('account.fields.show_password')}
          title={shown ? t('account.fields.hide_password') : t('account.fields.show_password')}
          className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-lg border-0 bg-transparent text-lg text-gray-500 hover:text-gray-800"
        >
          <Icon name={shown ? 'i-lucide-eye-off' : 'i-lucide-eye'} />
        </button>
      </div>
    </FieldShell>
  );
}

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  counter?: boolean;
};

export function TextArea({ label, hint, error, counter, maxLength, ...area }: AreaProps) {
  const id = useId();
  const [length, setLength] = useState(String(area.value ?? area.defaultValue ?? '').length);
  const { t } = useTranslation();
  return (
    <FieldShell
      id={id}
      label={label}
      hint={hint}
      error={error}
      after={
        counter && maxLength ? (
          <p className="m-0 text-right text-xs text-gray-500" aria-live="polite">
            {t('account.chars_left', { count: Math.max(0, maxLength - length) })}
          </p>
        ) : undefined
      }
    >
      <textarea
        id={id}
        rows={4}
        maxLength={maxLength}
        className={`${INPUT} resize-y`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...area}
        onChange={(e) => {
          setLength(e.target.value.length);
          area.onChange?.(e);
        }}
      />
    </FieldShell>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
};

export function SelectField({ label, hint, error, children, ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select id={id} className={INPUT} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}

/** A group of radio buttons shown as chips: a fieldset with its legend, the error tied to the group. */
export function ChoiceGroup<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
  columns = 2,
}: {
  name: string;
  legend: ReactNode;
  options: readonly { value: V; label: ReactNode }[];
  value: V | '' | undefined;
  onChange: (value: V) => void;
  error?: string;
  columns?: 2 | 3;
}) {
  const id = useId();
  return (
    <fieldset
      className="mx-0 mb-4 mt-0 min-w-0 border-0 p-0"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-1 p-0 text-sm font-semibold text-gray-800">{legend}</legend>
      <div className={`grid gap-2 ${columns === 3 ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-2'}`}>
        {options.map((o) => (
          <label
            key={o.value}
            className={`flex cursor-pointer items-center gap-2 rounded-lg border border-solid px-3 py-2.5 text-sm ${value === o.value ? `border-primary ${SOFT_PRIMARY} font-semibold` : 'border-gray-300 bg-white hover:bg-gray-50'}`}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="m-0 h-4 w-4 accent-primary"
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="m-0 mt-1 text-sm text-danger" data-field-error>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A message for the whole form (the API's message when it names no field). */
export function FormAlert({
  message,
  tone = 'danger',
  children,
}: {
  message?: ReactNode;
  tone?: 'danger' | 'info' | 'success';
  children?: ReactNode;
}) {
  if (!message && !children) return null;
  const cls = tone === 'danger' ? 'alert-danger' : tone === 'success' ? 'bg-success/10 text-success ring-1 ring-success/40' : 'alert-info';
  return (
    <div className={`alert ${cls}`} role={tone === 'danger' ? 'alert' : 'status'} tabIndex={tone === 'danger' ? -1 : undefined}>
      {message}
      {children}
    </div>
  );
}

/** The form's main button: disabled until hydrated and while sending, so nothing is sent twice or natively. */
export function SubmitButton({
  sending,
  children,
  className,
  disabled,
  native = false,
}: {
  sending: boolean;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  native?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      // `native`: the form's plain post is answered by the Worker (worker/ssr/forms.ts), so it works before hydration.
      disabled={(!native && !hydrated) || sending || disabled}
      aria-busy={sending || undefined}
      className={`btn btn-primary box-border w-full py-3 text-base disabled:cursor-not-allowed disabled:opacity-60 ${className ?? ''}`}
    >
      {sending ? t('account.sending') : children}
    </button>
  );
}

/** Errors, the sending flag and a runner that keeps them right; the first invalid field gets the focus. */
export function useFormState(formRef?: RefObject<HTMLElement | null>) {
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  const setErrors = useCallback(
    (next: FieldErrors) => {
      setErrorsState(next);
      if (Object.keys(next).length && formRef) {
        requestAnimationFrame(() => {
          const target = formRef.current?.querySelector<HTMLElement>(
            '[aria-invalid="true"]:not(fieldset), fieldset[aria-invalid="true"] input, [role="alert"]',
          );
          target?.focus?.();
        });
      }
    },
    [formRef],
  );

  /** Runs one submission at a time; `task` returns the errors to show (an empty object for success). */
  const run = useCallback(
    // biome-ignore lint/suspicious/noConfusingVoidType: a task that saves without field errors returns nothing
    async (task: () => Promise<FieldErrors | void>) => {
      if (busy.current) return;
      busy.current = true;
      setSending(true);
      try {
        setErrors((await task()) ?? {});
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [setErrors],
  );

  return { errors, setErrors, sending, run };
}

/** The centred card most account pages are. */
export function AccountCard({
  title,
  children,
  testId,
  icon,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  icon?: IconName;
}) {
  return (
    <section className="container mx-auto px-3 py-8 md:py-12" data-testid={testId}>
      <div className="mx-auto max-w-md rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8">
        {icon && (
          <p className="m-0 mb-2 text-center text-5xl text-primary">
            <Icon name={icon} />
          </p>
        )}
        <h1 className="m-0 mb-4 text-2xl font-bold text-gray-900">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** Reads a value of a submitted form as a string. */
export const formValue = (form: FormData, name: string) => String(form.get(name) ?? '');

/**
 * A translation with `<tag>text</tag>` parts rendered as the given elements (links, emphasis), as react-i18next's
 * Trans would; the page has no react-i18next (client/i18n.ts).
 */
export function RichText({ text, components }: { text: string; components: Record<string, ReactElement> }) {
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[match[1]];
    parts.push(element ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = tag.lastIndex;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
