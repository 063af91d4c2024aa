import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';

/** 120 random bits in 24 lowercase base32 characters: unguessable, and easy to type or share. */
export const newInviteCode = () => encodeBase32LowerCaseNoPadding(randomBytes(15));

export const INVITE_CODE_PATTERN = /^[a-z2-7]{24}$/;
