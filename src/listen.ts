// Listening with a one-line answer when a port is taken, instead of a stack trace after a half start; and
// probing a port by listening on it for a moment.
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

export class PortInUse extends Error {
  constructor(host: string, port: number) {
    super(`Port ${port} on ${host} is in use by another program: stop it or choose another PORT / DASHBOARD_PORT.`);
  }
}

export function listen(server: Pick<Server, 'listen' | 'once' | 'off' | 'address'>, port: number, host: string) {
  return new Promise<AddressInfo>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUse(host, port) : error);
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** The port, if it is free on `host` (0: a free one the system picks); PortInUse if it is taken. */
export async function probePort(host: string, port: number) {
  const probe = createServer();
  const bound = await listen(probe, port, host);
  await new Promise((resolve) => probe.close(resolve));
  return bound.port;
}

/** Fails with PortInUse when one of `ports` (0 and undefined: any free port, nothing to check) is taken. */
export async function assertPortsFree(host: string, ports: (number | undefined)[]) {
  for (const port of ports) if (port) await probePort(host, port);
}
