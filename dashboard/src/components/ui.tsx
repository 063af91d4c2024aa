// The dashboard's building blocks: labelled fields, states (loading, error, empty), copy and confirm.
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { ApiError } from '../api.ts';

type Labelled = { label: string; hint?: ReactNode; error?: string };

/** A label, the control, and its hint or error, tied together for screen readers. */
export function LabelledControl({ label, hint, error, control }: Labelled & { control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const note = error ?? hint;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': note ? `${id}-note` : undefined })}
      {note && (
        <p id={`${id}-note`} className={error ? 'field-error' : 'hint'}>
          {note}
        </p>
      )}
    </div>
  );
}

export function Field({ label, hint, error, ...input }: InputHTMLAttributes<HTMLInputElement> & Labelled) {
  return <LabelledControl label={label} hint={hint} error={error} control={(props) => <input {...props} {...input} />} />;
}

export function Select({ label, hint, error, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & Labelled) {
  return <LabelledControl label={label} hint={hint} error={error} control={(props) => <select {...props} {...select}>{children}</select>} />;
}

export function TextArea({ label, hint, error, ...input }: TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled) {
  return <LabelledControl label={label} hint={hint} error={error} control={(props) => <textarea {...props} {...input} />} />;
}

/** The error of a form or page, announced to screen readers. Field errors show beside their field instead. */
export function ErrorNote({ error, fields = [] }: { error?: ApiError; fields?: string[] }) {
  if (!error || (error.field && fields.includes(error.field))) return null;
  return (
    <p className="error" role="alert">
      {error.message}
    </p>
  );
}

export const fieldError = (error: ApiError | undefined, field: string) => (error?.field === field ? error.message : undefined);

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {what}…
    </p>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children}
    </div>
  );
}

export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(undefined), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <button type="button" className="secondary" onClick={copy} aria-live="polite">
      {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed: select the text' : label}
    </button>
  );
}

/** A modal that asks before something that cannot be undone. Escape or Cancel closes it. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  pending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog without acting; "Cancel" unless that would read as the action. */
  cancelLabel?: string;
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onCancel={(event) => (event.preventDefault(), onCancel())}>
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel} autoFocus>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? 'danger' : undefined} onClick={onConfirm} disabled={pending}>
          {pending ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
const minutes = new Intl.DateTimeFormat('en', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "3 minutes ago" or "in 2 hours". */
export function fromNow(date: Date) {
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const [amount, unit] =
    Math.abs(seconds) < 60 ? [seconds, 'second'] : Math.abs(seconds) < 3600 ? [Math.round(seconds / 60), 'minute'] : Math.abs(seconds) < 86400 ? [Math.round(seconds / 3600), 'hour'] : [Math.round(seconds / 86400), 'day'];
  return relative.format(amount, unit as Intl.RelativeTimeFormatUnit);
}

/** An instant in the browser's time zone, to the minute: "Thu, Dec 24, 2026, 6:00 PM". */
export const formatInstant = (date: Date) => minutes.format(date);

/**
 * "3 minutes ago", with the exact time on hover and for screen readers. `exact` shows the local time
 * first ("Thu, Dec 24, 2026, 6:00 PM (in 2 days)"), for times that are planned rather than past.
 */
export function Time({ value, exact = false }: { value: string | null | undefined; exact?: boolean }) {
  if (!value) return <span className="muted">never</span>;
  const date = new Date(value);
  return (
    <time dateTime={value} title={absolute.format(date)}>
      {exact ? `${formatInstant(date)} (${fromNow(date)})` : fromNow(date)}
    </time>
  );
}

export const formatDuration = (ms: number | null | undefined) => (ms == null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`);
