// Small checks shared by the domain services. Each returns an error message or undefined.

export function stringIssue(value: unknown, field: string, { min = 1, max }: { min?: number; max: number }) {
  if (typeof value !== 'string') return `${field} must be a string`;
  // PostgreSQL text cannot hold NUL; refusing it here keeps it from failing in the database.
  if (value.includes('\u0000')) return `${field} must not contain NUL characters`;
  if (value.length < min) return min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`;
  if (value.length > max) return `${field} must be at most ${max} characters`;
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** Escapes LIKE wildcards so a search term matches literally (Prisma's `contains` does not). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
