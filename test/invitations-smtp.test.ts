// Invitations e-mailed through a real SMTP server (smtp-server on 127.0.0.1) with SMTP_URL: the message reaches
// the invited address with the same link the owner was shown, and that link works. An SMTP server that refuses
// leaves the invitation in place, answered with emailSent false.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../src/generated/graphql/gql.ts';
import { signUpAccount } from './support/accounts.ts';
import { backends } from './support/backends.ts';
import { startServer, type TestServer } from './support/server.ts';

const CreateOrg = graphql(`
  mutation SmtpCreateOrg($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }
`);
const Invite = graphql(`
  mutation SmtpInvite($organizationId: ID!, $email: String!, $role: Role!) { inviteMember(organizationId: $organizationId, email: $email, role: $role) { id url emailSent } }
`);
const Accept = graphql(`
  mutation SmtpAccept($token: String!) { acceptInvitation(token: $token) { id viewerRole } }
`);

interface Mail {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP receiver without TLS; recipients at refused.example.test are refused at RCPT TO. */
async function startSmtp() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.example.test')) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The message's text, with quoted-printable soft breaks and escapes undone. */
const decoded = (data: string) => data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe.each(backends)('invitations over SMTP on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  beforeAll(async () => {
    storage = await backend.open();
    smtp = await startSmtp();
    server = await startServer(storage, { dashboardUrl: 'https://dash.example.test', smtpUrl: `smtp://127.0.0.1:${smtp.port}`, smtpFrom: 'Clarion <clarion@example.test>' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await storage?.close();
  });

  it('e-mails the link shown to the owner, and the link from the e-mail makes a member', async () => {
    const owner = await signUpAccount(server, 'smtp-owner');
    const org = (await server.graphql(CreateOrg, { name: 'Mail Team', slug: `mail-team-${Date.now()}` }, { cookie: owner.cookie })).body.data!.createOrganization;
    const invited = (await server.graphql(Invite, { organizationId: org.id, email: 'New.Admin@Example.test', role: 'admin' }, { cookie: owner.cookie })).body.data!.inviteMember;
    expect(invited.emailSent).toBe(true);
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.from).toBe('clarion@example.test');
    expect(mail!.to).toEqual(['new.admin@example.test']);
    const text = decoded(mail!.data);
    expect(text).toMatch(/^Subject: You are invited to manage Mail Team on Clarion/m);
    expect(text).toContain(`${owner.email} invites you to manage the organization "Mail Team" on Clarion, as an admin.`);
    const link = /https:\/\/dash\.example\.test\/invitations\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(link).toBe(invited.url);

    const colleague = await signUpAccount(server, 'smtp-colleague');
    const accepted = await server.graphql(Accept, { token: link!.split('/').at(-1)! }, { cookie: colleague.cookie });
    expect(accepted.body.data?.acceptInvitation).toEqual({ id: org.id, viewerRole: 'admin' });
  });

  it('keeps the invitation when the SMTP server refuses it, and says it was not e-mailed', async () => {
    const owner = await signUpAccount(server, 'smtp-owner');
    const org = (await server.graphql(CreateOrg, { name: 'Refused Team', slug: `refused-team-${Date.now()}` }, { cookie: owner.cookie })).body.data!.createOrganization;
    const before = smtp.mails.length;
    const invited = await server.graphql(Invite, { organizationId: org.id, email: 'someone@refused.example.test', role: 'owner' }, { cookie: owner.cookie });
    expect(invited.body.data?.inviteMember.emailSent).toBe(false);
    expect(smtp.mails).toHaveLength(before);
    const colleague = await signUpAccount(server, 'smtp-refused');
    const accepted = await server.graphql(Accept, { token: invited.body.data!.inviteMember.url.split('/').at(-1)! }, { cookie: colleague.cookie });
    expect(accepted.body.data?.acceptInvitation.viewerRole).toBe('owner');
  });
});
