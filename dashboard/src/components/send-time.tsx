// The composer's "when": now, or later at a date and time of the browser's time zone, sent to the server
// as an instant in UTC. The server decides what is too early or too late; its message shows beside the field.
import { ApiError } from '../api.ts';
import { Field } from './ui.tsx';

export type When = 'now' | 'later';

/** How far ahead the server accepts a sendAt (it says so itself too; this only bounds the picker). */
const MAX_AHEAD_MS = 30 * 24 * 60 * 60 * 1000;

export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A date as a datetime-local input's value, "2026-12-24T18:00", in the browser's time zone. */
export function localInputValue(date: Date) {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** What "Send later" starts from: an hour ahead, on a round five minutes. */
export function defaultSendAt(now = Date.now()) {
  const step = 5 * 60 * 1000;
  return localInputValue(new Date(Math.ceil((now + 60 * 60 * 1000) / step) * step));
}

/** The input's local date-time as an RFC 3339 instant ("…Z"); an empty or impossible one is this form's own error. */
export function sendAtOf(value: string): string {
  // A date-time without an offset is local time (ECMAScript's Date parsing), which is what the input holds.
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw new ApiError('choose the date and time to send it', 'VALIDATION_FAILED', 'sendAt');
  return date.toISOString();
}

export function SendTime({ when, sendAt, error, onWhen, onSendAt }: { when: When; sendAt: string; error?: string; onWhen: (when: When) => void; onSendAt: (value: string) => void }) {
  const now = Date.now();
  return (
    <>
      <fieldset className="field">
        <legend>When</legend>
        <label className="choice">
          <input type="radio" name="when" checked={when === 'now'} onChange={() => onWhen('now')} /> Send now
        </label>
        <label className="choice">
          <input type="radio" name="when" checked={when === 'later'} onChange={() => onWhen('later')} /> Send later
        </label>
      </fieldset>
      {when === 'later' && (
        <Field
          label="Send at"
          type="datetime-local"
          value={sendAt}
          min={localInputValue(new Date(now))}
          max={localInputValue(new Date(now + MAX_AHEAD_MS))}
          onChange={(e) => onSendAt(e.target.value)}
          error={error}
          hint={`Your time (${timeZone()}), up to 30 days ahead; you can cancel it from history until then. Send test still goes out at once: a test is not recorded, so it cannot wait.`}
        />
      )}
    </>
  );
}
