// The whole product for browser tests: the API on one ephemeral port, the dashboard (built by Vite
// when its sources changed) on another, both over `backend`, with pushes going to the APNs stand-in.
import type { AddressInfo } from 'node:net';
import { ensureDashboardBuilt } from '../../src/dashboard/build.ts';
import { createDashboardServer } from '../../src/dashboard/server.ts';
import { startMockApns, TEST_TOPIC } from './apns.ts';
import type { Backend } from './backends.ts';
import { startServer, type FanoutTestOptions } from './server.ts';

/**
 * `webhooks`: the API's webhook settings (e.g. `allowPrivate: true` for a receiver on 127.0.0.1). `channels` and
 * `devices`: Android and browsers besides iOS (startTestPlatforms() in ./platforms.ts makes them).
 */
export async function startDashboard(backend: Backend, { webhooks, channels, devices }: Pick<FanoutTestOptions, 'webhooks' | 'channels' | 'devices'> = {}) {
  const root = await ensureDashboardBuilt();
  const storage = await backend.open();
  const apns = await startMockApns();
  // Sends answer "sending" after 200 ms, so a slow broadcast shows its progress in the pages.
  const api = await startServer(storage, { apnsTopic: TEST_TOPIC, loginFailuresPerEmail: 5, loginFailuresPerIp: 100, notifyWaitMs: 200 }, apns.send, { webhooks, channels, devices });
  const dashboard = createDashboardServer({ root, api: api.app.handler });
  await new Promise<void>((resolve) => dashboard.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(dashboard.address() as AddressInfo).port}`;
  return {
    url,
    api,
    apns,
    async close() {
      dashboard.closeAllConnections();
      await new Promise<void>((resolve) => dashboard.close(() => resolve()));
      await api.close();
      await apns.close();
      await storage.close();
    },
  };
}
