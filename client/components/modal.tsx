import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Omit to make the modal impossible to dismiss (backdrop, Escape and close icon all do nothing). */
  onClose?: () => void;
  /** Backdrop and Escape do nothing (SPEC.md §4: a signup in progress); the close icon still works. */
  locked?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  labelClose?: string;
  /**
   * The id of the element to focus when the dialog closes, for a dialog that opens by itself (nothing was focused
   * before it, so the focus would fall to the page's start): e.g. the message box under the icebreakers.
   */
  returnFocusTo?: string;
}

const WIDTH = { sm: 'max-w-modal-sm', md: 'max-w-modal', lg: 'max-w-modal-lg', xl: 'max-w-modal-xl' };

/**
 * Shows the dialog as a modal while `open`, moves the focus in and back, and answers Escape, a click beside the
 * panel and the browser's own close with `dismiss` (undefined: the dialog cannot be dismissed that way).
 */
function useModalDialog(open: boolean, dismiss: (() => void) | undefined, returnFocusTo: string | undefined) {
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // The latest dismiss for the close listener below, which lives as long as the dialog is open.
  const dismissRef = useRef(dismiss);
  dismissRef.current = dismiss;

  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    // A field the dialog focused itself (autoFocus) keeps the focus; else the panel takes it, which reads the title.
    const focused = element.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    const previous = focused ? null : (document.activeElement as HTMLElement | null);
    const showModal = () => {
      if (element.open) element.close(); // the server's HTML: open, but not modal
      element.showModal();
      // From its top, where the title is, also when the focused field is further down on a low screen.
      (focused ?? panel.current)?.focus({ preventScroll: true });
      element.scrollTop = 0;
    };
    // The browser may close the dialog by itself (Escape pressed twice without a tap between: its cancel event is
    // then not cancelable). Such a close counts as a dismissal where one is allowed; else the dialog comes back.
    let closing = false;
    const onNativeClose = () => {
      // `closing`: the cleanup below; `open`: the close event of the server's non-modal dialog, reopened since.
      if (closing || element.open) return;
      if (dismissRef.current) dismissRef.current();
      else showModal();
    };
    showModal();
    element.addEventListener('close', onNativeClose);
    return () => {
      closing = true;
      element.removeEventListener('close', onNativeClose);
      if (element.open) element.close();
      const back = previous && previous !== document.body ? previous : returnFocusTo ? document.getElementById(returnFocusTo) : null;
      back?.focus?.();
    };
  }, [open, returnFocusTo]);

  // Escape: the dialog's cancel event; the dialog closes only through `onClose`, never behind React's back. A cancel
  // the browser does not let the page stop ends in the close event, which the effect above answers: not here too.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (!event.nativeEvent.cancelable) return;
    event.preventDefault();
    dismiss?.();
  };
  // A click on the dim layer, not on the panel.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (!panel.current?.contains(event.target as Node)) dismiss?.();
  };

  return { dialog, panel, onCancel, onBackdropClick };
}

/**
 * An accessible dialog: the browser's own modal <dialog>, so the page behind it is inert (Tab stays in the dialog,
 * a screen reader reads only it) and it sits above everything. Focus moves to the panel (or to a field the
 * dialog focuses itself) and back to where it was; Escape and a click beside the panel close it when allowed.
 * The server renders it open but not modal (that takes script): it covers the page the same way until hydration.
 * The dialog is the full-screen, scrollable dim layer; the panel is centred in it by auto margins, so a panel
 * taller than a small phone's screen scrolls from its top instead of being cut off above it.
 */
export function Modal({ open, title, children, onClose, locked = false, size = 'md', labelClose = 'Close', returnFocusTo }: ModalProps) {
  const titleId = useId();
  const dismiss = onClose && !locked ? onClose : undefined;
  const { dialog, panel, onCancel, onBackdropClick } = useModalDialog(open, dismiss, returnFocusTo);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click beside the panel closes it; the keyboard has Escape and the close button
    <dialog
      ref={dialog}
      open
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClick={onBackdropClick}
      className="fixed inset-0 z-50 m-0 h-full max-h-none w-full max-w-none overflow-y-auto border-0 bg-black/60 p-3 text-gray-900"
    >
      <div className="flex min-h-full">
        <div ref={panel} tabIndex={-1} className={`relative m-auto w-full ${WIDTH[size]} rounded-xl bg-white p-6 shadow-2xl outline-none`}>
          <h2 id={titleId} className="m-0 mb-3 pr-8 text-xl font-bold">
            {title}
          </h2>
          {onClose && (
            <button
              type="button"
              onClick={onClose}
              aria-label={labelClose}
              className="absolute right-3 top-3 h-9 w-9 rounded-full border-0 bg-transparent text-2xl leading-none text-gray-500 hover:bg-gray-100"
            >
              ×
            </button>
          )}
          {children}
        </div>
      </div>
    </dialog>
  );
}
