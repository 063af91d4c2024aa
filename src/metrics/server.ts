// METRICS_PORT of `npx clarion worker`, which has no API port: /metrics of that process alone, same token rule.
import { createServer } from 'node:http';
import { listen } from '../listen.ts';
import type { Logger } from '../logger.ts';
import type { MetricsEndpoint } from './endpoint.ts';

export async function serveMetrics({ host, port, endpoint, logger }: { host: string; port: number; endpoint: MetricsEndpoint; logger: Logger }) {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const answered =
      path === '/metrics'
        ? endpoint(request.method ?? 'GET', request.headers.authorization ?? null)
        : Promise.resolve({ status: 404, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ error: { code: 'NOT_FOUND', message: 'only /metrics here' } }) });
    answered.then(
      ({ status, headers, body }) => response.writeHead(status, headers).end(body),
      (error: Error) => {
        logger.error('metrics scrape failed', { error: error.message });
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: { code: 'INTERNAL', message: 'Unexpected error.' } }));
      },
    );
  });
  const address = await listen(server, port, host);
  const shown = address.address.includes(':') ? `[${address.address}]` : address.address;
  logger.info('metrics listening', { url: `http://${shown}:${address.port}/metrics` });
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
