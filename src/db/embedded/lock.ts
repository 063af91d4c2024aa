// Who runs DATA_DIR's cluster now: one process at a time. On Linux that process holds an abstract Unix socket
// named after DATA_DIR, which the kernel frees when the process ends however it ends: there is no stale lock to
// take over and nothing a reused pid can fake, and the holder tells whoever connects who it is. Elsewhere
// running.json is created with O_EXCL and taken over when the pid in it has ended (a small race remains there;
// PostgreSQL's postmaster.pid still refuses a second postmaster). running.json also tells operators pid and port.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, realpath, rename, unlink, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { code, dataDirLayout, EmbeddedPostgresError, isAlive } from './data-dir.ts';

export interface Holder {
  pid: number;
  /** Who started the cluster: a server (`npm start`), a CLI command, or a test run. */
  holder: string;
  /** 0 until its database is ready. */
  port: number;
  startedAt: string;
}

export class DataDirInUse extends EmbeddedPostgresError {
  constructor(dataDir: string, readonly holder: Holder) {
    super(`DATA_DIR ${dataDir} is in use by Clarion process ${holder.pid} (${holder.holder}, since ${holder.startedAt}). One server runs per DATA_DIR; \`npx clarion\` commands work beside it.`);
  }
}

const abstractSockets = process.platform === 'linux';
const socketName = async (dataDir: string) => `\0clarion-data-dir-${createHash('sha256').update(await realpath(dataDir)).digest('hex').slice(0, 40)}`;

/** running.json, replaced whole (a reader never sees half of it). */
async function writeRecord(dataDir: string, record: Holder) {
  const file = dataDirLayout(dataDir).running;
  const next = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(next, JSON.stringify(record));
  await rename(next, file);
}

export async function readHolder(dataDir: string): Promise<Holder | undefined> {
  if (abstractSockets) {
    const name = await socketName(dataDir).catch(() => undefined);
    if (!name) return undefined;
    return new Promise((resolve) => {
      let text = '';
      const socket = connect(name);
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => {
        try {
          resolve(JSON.parse(text) as Holder);
        } catch {
          resolve(undefined);
        }
      });
      socket.on('error', () => resolve(undefined)); // ECONNREFUSED: nobody holds it
      socket.setTimeout(5_000, () => socket.destroy()); // a holder too busy to answer: not known
      socket.on('close', () => resolve(undefined)); // after 'end' this changes nothing
    });
  }
  const text = await readFile(dataDirLayout(dataDir).running, 'utf8').catch(() => undefined);
  try {
    const holder = text ? (JSON.parse(text) as Holder) : undefined;
    return holder && holder.pid !== process.pid && isAlive(holder.pid) ? holder : undefined;
  } catch {
    return undefined; // half-written by a process that died: nobody holds it
  }
}

export interface Claim {
  /** Says the cluster's port: CLI commands connect once it is set. */
  setPort(port: number): Promise<void>;
  release(): Promise<void>;
}

/** Takes DATA_DIR for this process, or fails with DataDirInUse naming the process that has it. */
export async function claimDataDir(dataDir: string, holder: string): Promise<Claim> {
  const record: Holder = { pid: process.pid, holder, port: 0, startedAt: new Date().toISOString() };
  const notWritable = (error: unknown) => new EmbeddedPostgresError(`DATA_DIR ${dataDir} is not writable (${code(error)}).`);
  if (abstractSockets) {
    const name = await socketName(dataDir);
    const server = createServer((socket) => socket.end(JSON.stringify(record)));
    for (let attempt = 0; ; attempt++) {
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject).listen(name, () => {
            server.off('error', reject);
            resolve();
          });
        });
        break;
      } catch (error) {
        if (code(error) !== 'EADDRINUSE') throw error;
        const current = await readHolder(dataDir);
        if (current) throw new DataDirInUse(dataDir, current);
        if (attempt > 2) throw new EmbeddedPostgresError(`DATA_DIR ${dataDir} is held by a process that does not say who it is.`);
        // Its holder ended between our attempt and our question: try again.
      }
    }
    server.unref();
    try {
      await writeRecord(dataDir, record);
    } catch (error) {
      server.close();
      throw notWritable(error);
    }
    return {
      setPort: (port) => writeRecord(dataDir, Object.assign(record, { port })),
      async release() {
        // running.json first: once the socket is free, the next holder writes its own.
        await unlink(dataDirLayout(dataDir).running).catch(() => {});
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(dataDirLayout(dataDir).running, JSON.stringify(record), { flag: 'wx' });
      break;
    } catch (error) {
      if (code(error) !== 'EEXIST') throw notWritable(error);
      const current = await readHolder(dataDir);
      if (current) throw new DataDirInUse(dataDir, current);
      if (attempt > 2) throw new EmbeddedPostgresError(`DATA_DIR ${dataDir}: running.json keeps coming back; is another Clarion starting?`);
      await unlink(dataDirLayout(dataDir).running).catch(() => {});
    }
  }
  return {
    setPort: (port) => writeRecord(dataDir, Object.assign(record, { port })),
    release: () => unlink(dataDirLayout(dataDir).running).catch(() => {}),
  };
}
