// Imports every type module for its side effect on the builder, then builds the schema.
import { builder } from './builder.ts';
import './types/account.ts';
import './types/api-key.ts';
import './types/broadcast.ts';
import './types/device.ts';
import './types/identity.ts';
import './types/insights.ts';
import './types/invitation.ts';
import './types/organization.ts';
import './types/organization-admin.ts';
import './types/subscription.ts';
import './types/webhook.ts';

export const schema = builder.toSchema({ sortSchema: true });
