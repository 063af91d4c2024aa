// Broadcasts that ended: counted once the transaction that changed their status to completed, failed or
// cancelled has committed (once each: only the statement that changed the row reports a status).
import { Counter } from 'prom-client';
import { registry } from './registry.ts';

export type EndedStatus = 'completed' | 'failed' | 'cancelled';

const broadcasts = new Counter({ name: 'clarion_broadcasts_total', help: 'Broadcasts that ended, by final status (completed, failed, cancelled)', labelNames: ['status'] as const, registers: [registry] });

/** Counts a broadcast's end; undefined (nothing ended) counts nothing. */
export const countBroadcastEnd = (status: EndedStatus | undefined) => void (status && broadcasts.inc({ status }));
