import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

/**
 * A modal question (`role="alertdialog"`): opens as a modal, gives the focus to the safe answer, and treats
 * Escape as that answer. Title, text and buttons are the caller's.
 */
export function AlertDialog({
  title,
  text,
  onDismiss,
  safeRef,
  children,
}: {
  title: ReactNode;
  text: ReactNode;
  /** Escape: the safe answer (keep, cancel, stay). */
  onDismiss: () => void;
  /** The safe answer's button, focused on opening. */
  safeRef: RefObject<HTMLButtonElement | null>;
  /** What else the dialog shows under its text, and its buttons. */
  children: ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    safeRef.current?.focus();
    return () => dialog?.close?.();
  }, [safeRef]);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        onDismiss();
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl border border-line bg-card p-6 text-ink shadow-xl backdrop:bg-black/50"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-3">
        {text}
      </p>
      {children}
    </dialog>
  );
}
