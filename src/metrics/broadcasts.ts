// Broadcasts that ended: counted where their status changed to completed, failed or cancelled (once each:
// only the statement that changed the row counts it).
import { Counter } from 'prom-client';
import { registry } from './registry.ts';

export type EndedStatus = 'completed' | 'failed' | 'cancelled';

const broadcasts = new Counter({ name: 'clarion_broadcasts_total', help: 'Broadcasts that ended, by final status (completed, failed, cancelled)', labelNames: ['status'] as const, registers: [registry] });

export const countBroadcastEnd = (status: EndedStatus) => broadcasts.inc({ status });
