import { useId, useRef, useState, type FormEvent } from 'react';
import type { StaffPathOf } from '../../../core/contract/staff-ops';
import { type StaffAnswerOf, ApiError, type StaffBodyOf, type StaffSending, staffSend } from '../lib/api';
import { t } from '../lib/i18n';
import { Problem } from './notice';

/** What the dialog adds to the body: the reason, and for credits.php the change and its request id. */
type Asked = 'reason' | 'delta' | 'request_id';

export interface MemberActionProps<M extends StaffSending, P extends string> {
  /** The button that opens the dialog, and the dialog's title. */
  label: string;
  /** What the action does, said in the dialog before the reason is asked. */
  explain: string;
  /** The call: path, method and the body without what the dialog asks. */
  path: P;
  method: M;
  body: Omit<StaffBodyOf<M, P>, Asked>;
  /** Destructive actions get a red confirm button. */
  danger?: boolean;
  /** Ask for a number of credits too (credits.php). */
  withDelta?: boolean;
  onDone: (answer: StaffAnswerOf<M, P>) => void;
}

/**
 * One back-office action: a button that opens a modal dialog (native <dialog>: focus moves in and back, Escape
 * closes) asking for the required reason, and for the change itself where it needs one; confirming is a second,
 * deliberate step. The server's error is shown in the dialog, and nothing changed.
 */
export function MemberAction<M extends StaffSending, P extends StaffPathOf<M>>(props: MemberActionProps<M, P>) {
  const { label, explain, danger, withDelta } = props;
  const id = useId();
  const { dialog, reason, setReason, delta, setDelta, problem, busy, open, submit } = useMemberAction(props);
  return (
    <>
      <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-outline'}`} onClick={open}>
        {label}
      </button>
      <dialog ref={dialog} className="action-dialog" aria-labelledby={`${id}-title`}>
        <form onSubmit={submit}>
          <h2 id={`${id}-title`}>{label}</h2>
          <p>{explain}</p>
          {withDelta && <DeltaField id={id} value={delta} onChange={setDelta} />}
          <div className="field">
            <label htmlFor={`${id}-reason`}>{t('member.reason')}</label>
            <textarea
              id={`${id}-reason`}
              required
              minLength={3}
              maxLength={500}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <Problem message={problem} />
          <div className="row">
            <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy}>
              {t('member.confirm', { action: label })}
            </button>
            <button type="button" className="btn btn-light" onClick={() => dialog.current?.close()}>
              {t('member.cancel')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** The dialog's state: opening it afresh, and sending the call with what it asked (reason, credit change). */
function useMemberAction<M extends StaffSending, P extends string>({ path, method, body, withDelta, onDone }: MemberActionProps<M, P>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [delta, setDelta] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One request id per opened form: a double submit (or a retry) of the same credit change counts once.
  const requestId = useRef('');
  const open = () => {
    setReason('');
    setDelta('');
    setProblem(null);
    requestId.current = crypto.randomUUID().replace(/-/g, '');
    dialog.current?.showModal();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const extra = withDelta ? { delta: Number(delta), request_id: requestId.current } : {};
      // The dialog completes the body the caller started (the props type both by the contract's call).
      const send = staffSend as (method: M, path: P, body: unknown) => Promise<StaffAnswerOf<M, P>>;
      const answer = await send(method, path, { ...body, ...extra, reason });
      dialog.current?.close();
      onDone(answer);
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    } finally {
      setBusy(false);
    }
  };
  return { dialog, reason, setReason, delta, setDelta, problem, busy, open, submit };
}

/** The number of credits to add (or take back, negative) in the credits.php dialog. */
function DeltaField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={`${id}-delta`}>{t('member.delta')}</label>
      <input
        id={`${id}-delta`}
        type="number"
        step={1}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-delta-hint`}
      />
      <small id={`${id}-delta-hint`}>{t('member.delta_hint')}</small>
    </div>
  );
}
