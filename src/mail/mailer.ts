// Outgoing e-mail through the operator's SMTP server (SMTP_URL), with nodemailer. Only what Clarion sends
// itself: invitations. A send that fails or takes longer than SEND_TIMEOUT_MS is reported, never retried here.
import nodemailer from 'nodemailer';

export const SEND_TIMEOUT_MS = 10_000;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves when the SMTP server has taken the message; rejects with its refusal, a connection error or a timeout. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** `url` holds the credentials (smtp://user:pass@host:587, smtps://… for TLS from the start): never log it. */
export function createMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
    close: () => transport.close(),
  };
}
