import { useEffect, useId, useRef, type ReactNode } from 'react';

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
}

const WIDTH = { sm: 'max-w-modal-sm', md: 'max-w-modal', lg: 'max-w-modal-lg', xl: 'max-w-modal-xl' };

/** An accessible dialog: labelled, focus moved in and restored, Escape and backdrop close it when allowed. */
export function Modal({ open, title, children, onClose, locked = false, size = 'md', labelClose = 'Close' }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onClose && !locked) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onClose, locked]);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog closes it; the keyboard has Escape and the close button
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-3"
      onClick={locked ? undefined : onClose}
      role="presentation"
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: only stops a click inside from reaching the backdrop */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative w-full ${WIDTH[size]} rounded-xl bg-white p-6 text-gray-900 shadow-2xl outline-none`}
        onClick={(e) => e.stopPropagation()}
      >
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
  );
}
