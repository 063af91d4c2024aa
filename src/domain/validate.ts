// Small checks shared by the domain services. Each returns an error message or undefined.

// With the u flag, a surrogate pair is one code point: only a lone surrogate matches.
const LONE_SURROGATE = /\p{Surrogate}/u;

export function stringIssue(value: unknown, field: string, { min = 1, max }: { min?: number; max: number }) {
  if (typeof value !== 'string') return `${field} must be a string`;
  // PostgreSQL text cannot hold NUL; refusing it here keeps it from failing in the database.
  if (value.includes('\u0000')) return `${field} must not contain NUL characters`;
  if (LONE_SURROGATE.test(value)) return `${field} holds a lone UTF-16 surrogate (an unpaired \\ud800-\\udfff): it is not text`;
  if (value.length < min) return min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`;
  if (value.length > max) return `${field} must be at most ${max} characters`;
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** Escapes LIKE wildcards so a search term matches literally (Prisma's `contains` does not). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How deep a field's JSON value may nest (objects and arrays inside each other): notify's data, and any field of a request. */
export const MAX_JSON_DEPTH = 32;

/** The fields of a JSON object each checked with jsonIssue, under their own names. */
export function fieldsIssue(fields: Record<string, unknown>, maxDepth = MAX_JSON_DEPTH) {
  for (const [key, value] of Object.entries(fields)) {
    const issue = jsonIssue(key, key) ?? jsonIssue(value, key, maxDepth);
    if (issue) return issue;
  }
  return undefined;
}

/**
 * Where a JSON value breaks what every input must keep, or undefined: a string or key holding a lone UTF-16
 * surrogate (no UTF-8 text, nor PostgreSQL, can hold one: `"\ud800"` is valid JSON all the same), or a value
 * nested deeper than `maxDepth`. `path` names the value (e.g. "data"); the issue names the exact place, such as
 * `externalIds[2]` or `data.a.b`. Walked without recursion, so no input can exhaust the stack.
 */
export function jsonIssue(value: unknown, path: string, maxDepth = MAX_JSON_DEPTH): { field: string; message: string } | undefined {
  const stack: [unknown, string, number][] = [[value, path, 0]];
  while (stack.length) {
    const [current, at, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) return { field: at, message: `${at} holds a lone UTF-16 surrogate (an unpaired \\ud800-\\udfff): it is not text` };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return { field: path, message: `${path} is nested deeper than ${maxDepth} levels` };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push([current[i], `${at}[${i}]`, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      const childPath = at ? `${at}.${key}` : key;
      if (LONE_SURROGATE.test(key)) return { field: at || key, message: `${at ? `a key in ${at}` : 'a field name'} holds a lone UTF-16 surrogate (an unpaired \\ud800-\\udfff): it is not text` };
      stack.push([child, childPath, depth + 1]);
    }
  }
  return undefined;
}
