// Who is signed in, shared by every page. Pages call `refresh` after a change to memberships.
import { createContext, useContext } from 'react';
import type { ViewerQuery } from './generated/graphql.ts';

export type Viewer = NonNullable<ViewerQuery['me']>;
export type Membership = Viewer['memberships'][number];

export const SessionContext = createContext<{ viewer: Viewer; refresh: () => Promise<void> } | null>(null);

export function useSession() {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}
