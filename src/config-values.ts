// Readers of one environment variable each, for src/config.ts and its parts: a value out of range is a problem
// said in words (the variable, what it must be, what it got), and the default stands in for it meanwhile.

export type Env = Record<string, string | undefined>;

export function integer(env: Env, name: string, fallback: number, problems: string[], { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

export function seconds(env: Env, name: string, fallback: number, problems: string[], { min = 0.1, max = 3600 } = {}) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || value < min || value > max) {
    problems.push(`${name} must be a number of seconds from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

export function oneOf<const T extends string>(env: Env, name: string, values: readonly T[], fallback: T, problems: string[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${name} must be one of ${values.join(', ')} (got "${raw}")`);
  return fallback;
}

export function url(env: Env, name: string, protocols: string[], problems: string[]) {
  const raw = env[name];
  if (!raw) return undefined;
  try {
    const parsed = new URL(raw);
    if (protocols.includes(parsed.protocol)) return raw;
  } catch {
    // reported below
  }
  problems.push(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  return undefined;
}
