import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GOOGLE_TOKEN_URI, parseServiceAccount } from './credentials.ts';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const file = {
  type: 'service_account',
  project_id: 'my-app',
  private_key_id: 'abc123',
  private_key: rsa,
  client_email: 'clarion@my-app.iam.gserviceaccount.com',
  token_uri: 'https://oauth2.googleapis.com/token',
};
const parse = (value: unknown) => parseServiceAccount(typeof value === 'string' ? value : JSON.stringify(value));

describe('parseServiceAccount', () => {
  it('reads a Firebase key file', () => {
    expect(parse(file)).toEqual({ ok: true, value: { projectId: 'my-app', clientEmail: 'clarion@my-app.iam.gserviceaccount.com', privateKey: rsa, privateKeyId: 'abc123', tokenUri: 'https://oauth2.googleapis.com/token' } });
  });

  it.each(['project_id', 'client_email', 'private_key'])('names the missing field %s', (name) => {
    const result = parse({ ...file, [name]: undefined });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', field: 'FCM_CREDENTIALS', message: expect.stringContaining(name) } });
  });

  it('defaults token_uri to Google\'s and refuses one that is not https', () => {
    expect(parse({ ...file, token_uri: undefined })).toMatchObject({ ok: true, value: { tokenUri: GOOGLE_TOKEN_URI } });
    expect(parse({ ...file, token_uri: 'http://example.com/token' })).toMatchObject({ ok: false, error: { message: expect.stringContaining('token_uri') } });
  });

  it('refuses what is not a service account, and never quotes the key', () => {
    expect(parse({ project_info: {}, type: 'authorized_user' })).toMatchObject({ ok: false });
    const broken = parse({ ...file, private_key: rsa.slice(0, 200) });
    expect(broken).toMatchObject({ ok: false, error: { message: expect.stringContaining('private_key') } });
    if (!broken.ok) expect(broken.error.message).not.toContain(rsa.slice(40, 80));
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(parse({ ...file, private_key: ec })).toMatchObject({ ok: false, error: { message: expect.stringContaining('RSA') } });
    const notJson = parse(`{"private_key": "${rsa.slice(0, 60)}`);
    expect(notJson).toMatchObject({ ok: false });
    if (!notJson.ok) expect(notJson.error.message).not.toContain('BEGIN');
  });
});
