import { createHash } from 'node:crypto';

/** The same apns-id for the same (broadcast, device), so a resent push is recognisable as the same one. */
export function apnsIdFor(broadcastId: string, deviceUuid: string) {
  const hex = createHash('sha256').update(`${broadcastId}:${deviceUuid}`).digest('hex');
  // Shaped as a version-5-style UUID, as APNs expects a UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
