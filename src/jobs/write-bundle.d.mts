/** The bundle's path: `<prefix>-<hash>.mjs` in node_modules/.cache/clarion/, written now unless that content was written before. */
export function writeBundle(prefix: string, code: Uint8Array): Promise<string>;
/** Whether `file` is a path writeBundle gives for `prefix`. */
export function isBundlePath(prefix: string, file: string): boolean;
