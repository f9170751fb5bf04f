import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-error';
import { sessionQueries } from '../api/session-queries';
import { SignInPanel } from './sign-in-panel';

/** A page's content, or the sign-in when the gateway says no one is signed in (a 401 on `/api/session`). */
export function SessionGate({ children }: { children: ReactNode }) {
  const { error } = useQuery(sessionQueries.current());
  if (error instanceof ApiError && error.status === 401) return <SignInPanel />;
  return children;
}
