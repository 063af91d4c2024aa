import { registerDevice, type DeviceRegistration } from '../../domain/devices/service.ts';
import { builder } from '../builder.ts';
import { unwrap } from '../errors.ts';

const DeviceRegistrationType = builder.objectRef<DeviceRegistration>('DeviceRegistration').implement({
  fields: (t) => ({
    deviceUuid: t.exposeID('deviceUuid', { description: 'The device\'s identifier; the app keeps it and uses it in subscription paths.' }),
    created: t.exposeBoolean('created', { description: 'False when this APNs token was already registered and its device was returned.' }),
  }),
});

builder.mutationFields((t) => ({
  registerDevice: t.field({
    type: DeviceRegistrationType,
    description: 'Registers a device by its APNs token (hex, 64 to 200 characters). Rate-limited per client IP.',
    args: { apnsToken: t.arg.string({ required: true }), platform: t.arg.string({ required: true, description: 'Only "ios".' }) },
    resolve: async (_root, args, ctx) => unwrap(await registerDevice(ctx.sql, args)),
  }),
}));
