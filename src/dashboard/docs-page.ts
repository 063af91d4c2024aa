// /docs on the dashboard's origin: the API reference, Swagger UI (swagger-ui-dist, served from
// node_modules, never a CDN) reading /v1/openapi.json from this same origin. The start-up script is a
// file of its own, as the page's CSP allows no inline script.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Clarion API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" href="data:,">
</head>
<body>
<p style="margin:12px 20px;font-family:sans-serif"><a href="/">← Clarion dashboard</a> · <a href="/v1/openapi.json">openapi.json</a></p>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script>
</body>
</html>
`;

// No validator badge (it would ask validator.swagger.io), no "Try it out" to other servers: this origin only.
const START = `window.ui = SwaggerUIBundle({
  url: '/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

export interface DocsFile {
  body: Buffer;
  type: string;
}

/** The page's files by path, read once: '/docs', '/docs/start.js' and swagger-ui-dist's bundle and styles. */
export function loadDocsPage(): Map<string, DocsFile> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const file = (name: string) => readFileSync(path.join(dist, name));
  return new Map([
    ['/docs', { body: Buffer.from(PAGE), type: 'text/html; charset=utf-8' }],
    ['/docs/start.js', { body: Buffer.from(START), type: 'text/javascript; charset=utf-8' }],
    ['/docs/swagger-ui-bundle.js', { body: file('swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' }],
    ['/docs/swagger-ui.css', { body: file('swagger-ui.css'), type: 'text/css; charset=utf-8' }],
  ]);
}
