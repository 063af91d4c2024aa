// Requests refused by a rate limit, by limit: the GraphQL field's (registerDevice, notify, sendNotification,
// logIn, signUp, inviteMember) or the log-in throttle's (loginFailuresPerEmail, loginFailuresPerIp).
import { Counter } from 'prom-client';
import { registry } from './registry.ts';

const refusals = new Counter({ name: 'clarion_rate_limit_refusals_total', help: 'Requests refused by a rate limit, by limit', labelNames: ['limit'] as const, registers: [registry] });

export const countRateLimitRefusal = (limit: string) => refusals.inc({ limit });
