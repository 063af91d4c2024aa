import { isUuid, stringIssue } from '../validate.ts';

// Opaque page cursors: the sort key of the last row seen. Keyset paging stays correct while rows are
// added or removed, and a cursor whose row was deleted still works.
export interface OrganizationCursor {
  name: string;
  id: string;
}

export const encodeCursor = ({ name, id }: OrganizationCursor) => Buffer.from(JSON.stringify([name, id])).toString('base64url');

export function decodeCursor(cursor: string): OrganizationCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [name, id] = value as unknown[];
    // A cursor is input like any other: it must not be able to fail in the database.
    if (typeof name === 'string' && !stringIssue(name, 'name', { min: 0, max: 100 }) && typeof id === 'string' && isUuid(id)) return { name, id };
  } catch {
    // not a cursor of ours
  }
  return null;
}
