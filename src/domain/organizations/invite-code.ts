import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 120 random bits in 24 lowercase base32 characters: unguessable, and easy to type or share. */
export const newInviteCode = () => encodeBase32LowerCaseNoPadding(randomBytes(15));

export const INVITE_CODE_PATTERN = /^[a-z2-7]{24}$/;

const digest = (code: string) => createHash('sha256').update(code).digest();

/**
 * Whether `given` is the organization's invite code, in time that does not depend on where they differ:
 * both are hashed first, so timingSafeEqual compares two equal-length digests whatever was sent.
 */
export const sameInviteCode = (current: string, given: string) => timingSafeEqual(digest(current), digest(given));
