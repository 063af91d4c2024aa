// A new endpoint's (or a rotated) signing secret, shown once, with how a receiver checks signatures.
import { CopyButton } from './ui.tsx';

// The receiver's side in a few lines. standardwebhooks takes the secret with its whsec_ prefix and the
// headers as Node gives them; it needs the body exactly as received, so the route must not parse JSON first.
const VERIFY_EXAMPLE = `// npm install standardwebhooks express
import express from 'express';
import { Webhook } from 'standardwebhooks';

const app = express();
const webhook = new Webhook(process.env.CLARION_WEBHOOK_SECRET); // whsec_…

// Express: the raw body, exactly as it arrived (not re-serialized JSON).
app.post('/clarion-events', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body, req.headers); // checks webhook-signature and webhook-timestamp
  } catch {
    return res.sendStatus(400);
  }
  // event.type, event.timestamp, event.data. Retries repeat the webhook-id header: skip ids already handled.
  res.sendStatus(204);
});`;

export function WebhookSecret({ url, secret, rotated, onHide }: { url: string; secret: string; rotated: boolean; onHide: () => void }) {
  return (
    <section className="card reveal" aria-labelledby="webhook-secret-heading">
      <h2 id="webhook-secret-heading">{rotated ? 'New signing secret' : 'Signing secret'} for <code>{url}</code></h2>
      <p className="warning" role="alert">
        Copy it now: this is the only time it is shown. Clarion cannot show it again; if it is lost, rotate it and use the new one.
      </p>
      <div className="secret-row">
        <code className="secret" data-testid="webhook-secret">{secret}</code>
        <CopyButton value={secret} />
      </div>
      <p>
        Every request carries <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers
        (the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> scheme). Check them before trusting the body, for
        example in Node with the <code>standardwebhooks</code> package:
      </p>
      <pre className="code-block"><code>{VERIFY_EXAMPLE}</code></pre>
      <button type="button" className="link" onClick={onHide}>
        I have stored it, hide it
      </button>
    </section>
  );
}
