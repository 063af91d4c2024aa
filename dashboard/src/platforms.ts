// The platforms Clarion sends to, as the dashboard names them, and which one a broadcast's error code is about.

export type Platform = 'ios' | 'android' | 'web';

export interface PlatformInfo {
  key: Platform;
  /** How a member calls the platform: "iOS", "Android", "Web". */
  label: string;
  /** The push service that answers for it. */
  service: string;
  /** The broadcast error code when a wrong server setting stopped sending to it. */
  configurationCode: string;
}

/** In the order the pages list them. */
export const PLATFORMS: readonly PlatformInfo[] = [
  { key: 'ios', label: 'iOS', service: 'APNs', configurationCode: 'APNS_CONFIGURATION' },
  { key: 'android', label: 'Android', service: 'FCM', configurationCode: 'FCM_CONFIGURATION' },
  { key: 'web', label: 'Web', service: 'Web Push', configurationCode: 'WEB_PUSH_CONFIGURATION' },
];

/** The platform a configuration error code (APNS_CONFIGURATION, ...) stopped; undefined for any other code. */
export const platformOfCode = (code: string | undefined | null) => PLATFORMS.find((platform) => platform.configurationCode === code);
