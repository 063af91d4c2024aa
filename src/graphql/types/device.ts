import { registerDevice, updateDevice, type DeviceDetails, type DeviceRegistration } from '../../domain/devices/service.ts';
import { fail } from '../../domain/errors.ts';
import { builder } from '../builder.ts';
import { unwrap } from '../errors.ts';

const DeviceRegistrationType = builder.objectRef<DeviceRegistration>('DeviceRegistration').implement({
  fields: (t) => ({
    deviceUuid: t.exposeID('deviceUuid', { description: 'The device\'s identifier; the app keeps it and uses it in subscription paths.' }),
    created: t.exposeBoolean('created', { description: 'False when this token (or Web Push endpoint) was already registered and its device was returned.' }),
  }),
});

const DeviceType = builder.objectRef<DeviceDetails>('Device').implement({
  fields: (t) => ({
    deviceUuid: t.exposeID('deviceUuid'),
    platform: t.exposeString('platform', { description: '"ios", "android" or "web".' }),
    locale: t.exposeString('locale', { nullable: true, description: 'The device\'s language (BCP 47, canonical form), or null.' }),
  }),
});

builder.mutationFields((t) => ({
  updateDevice: t.field({
    type: DeviceType,
    description: 'Changes a device\'s locale (PATCH /v1/devices/{deviceUuid}); null removes it. NOT_FOUND for an unknown device. Rate-limited per client IP like subscribing.',
    args: { deviceUuid: t.arg.id({ required: true }), locale: t.arg.string() },
    resolve: async (_root, { deviceUuid, locale }, ctx) => unwrap(await updateDevice(ctx.sql, String(deviceUuid), { locale })),
  }),
  registerDevice: t.field({
    type: DeviceRegistrationType,
    description:
      'Registers a device by its platform\'s token: apnsToken (ios, hex, 64 to 200 characters), fcmToken (android) or webPush (web: the browser\'s PushSubscription, {endpoint, keys: {p256dh, auth}}). Rate-limited per client IP.',
    args: {
      platform: t.arg.string({ required: true, description: '"ios", "android" or "web".' }),
      apnsToken: t.arg.string(),
      fcmToken: t.arg.string(),
      webPush: t.arg({ type: 'JSON', description: 'The PushSubscription a browser gives the web app (its toJSON()).' }),
      locale: t.arg.string({ description: 'The device\'s language as a BCP 47 tag (e.g. "fr-CA"): broadcasts with localized texts send it the closest. Registering again with one replaces it; without one keeps it.' }),
    },
    resolve: (_root, args, ctx) => registerDevice(ctx.sql, args, ctx.devices).then(unwrap),
  }),
}));

builder.queryFields((t) => ({
  webPushPublicKey: t.string({
    description: 'The VAPID public key (base64url of the 65-byte P-256 point) a web app passes to pushManager.subscribe as applicationServerKey. UNAVAILABLE when Web Push is off.',
    resolve: (_root, _args, ctx) => ctx.devices.webPushPublicKey ?? unwrap<string>(fail('UNAVAILABLE', 'Web Push is off on this server: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (see docs/configuration.md)')),
  }),
}));
