// A new identity key's private half, shown once, with the few lines an organization's server runs to sign
// the token an app sends with its externalId.
import { CopyButton } from './ui.tsx';

export const signingExample = (kid: string, slug: string) => `// npm install jose   (on your server, never in the app)
import { importPKCS8, SignJWT } from 'jose';

const privateKey = await importPKCS8(process.env.CLARION_IDENTITY_KEY, 'ES256'); // the PEM below

// After your user signs in to your app, your server answers it a token for their externalId:
export function externalIdToken(userId) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: '${kid}' })
    .setSubject(userId)            // the externalId the app subscribes with
    .setAudience('${slug}')        // this organization's slug
    .setIssuedAt()
    .setExpirationTime('10m')      // at most 24 hours after iat
    .sign(privateKey);
}
// The app sends it along: POST /v1/devices/{deviceUuid}/subscriptions
//   {"orgSlug": "${slug}", "externalId": userId, "externalIdToken": token}`;

export function IdentityPrivateKey({ kid, slug, privateKey, onHide }: { kid: string; slug: string; privateKey: string; onHide: () => void }) {
  const example = signingExample(kid, slug);
  return (
    <section className="card reveal" aria-labelledby="identity-private-key-heading">
      <h2 id="identity-private-key-heading">Private key for <code>{kid}</code></h2>
      <p className="warning" role="alert">
        Copy it now into your server’s secrets: this is the only time it is shown. Clarion keeps only the public key; if the private key is
        lost, add a new key and delete this one.
      </p>
      <div className="secret-row">
        <pre className="secret" data-testid="identity-private-key">{privateKey}</pre>
        <CopyButton value={privateKey} />
      </div>
      <p>Your server signs a short-lived token for each user it has signed in, for example in Node with the <code>jose</code> package:</p>
      <div className="secret-row">
        <pre className="code-block"><code>{example}</code></pre>
        <CopyButton value={example} label="Copy snippet" />
      </div>
      <button type="button" className="link" onClick={onHide}>
        I have stored it, hide it
      </button>
    </section>
  );
}
