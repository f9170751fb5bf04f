import { githubPath } from '@/contracts/github/operations';
import { useMutation } from '@tanstack/react-query';
import { request, withCredential } from '@/lib/api-client';

export interface GithubConnectionResult {
  login: string;
  /** From `X-OAuth-Scopes`; undefined when GitHub does not report scopes (fine-grained tokens, apps). */
  scopes?: string[];
  checkedAt: number;
}

export interface RegistrarConnectionResult {
  credentialsValid: boolean;
  yourIp?: string;
  checkedAt: number;
}

/** `credential`: a configured credential's name (none: the gateway's default). */
export async function testGithubConnection(credential?: string): Promise<GithubConnectionResult> {
  const { data, headers } = await request<{ login?: unknown }>(
    'github',
    githubPath('users/get-authenticated'),
    withCredential(credential),
  );
  const scopesHeader = headers.get('x-oauth-scopes');
  return {
    login: typeof data.login === 'string' ? data.login : '(unknown)',
    scopes:
      scopesHeader === null
        ? undefined
        : scopesHeader
            .split(',')
            .map((scope) => scope.trim())
            .filter(Boolean),
    checkedAt: Date.now(),
  };
}

export async function testRegistrarConnection(): Promise<RegistrarConnectionResult> {
  const { data } = await request<{ credentialsValid?: unknown; yourIp?: unknown }>('registrar', 'ping', {
    method: 'POST',
    json: {},
  });
  return {
    credentialsValid: data.credentialsValid === true,
    yourIp: typeof data.yourIp === 'string' ? data.yourIp : undefined,
    checkedAt: Date.now(),
  };
}

export function useTestGithubConnection() {
  return useMutation({
    mutationKey: ['connection', 'test', 'github'],
    mutationFn: () => testGithubConnection(),
  });
}

/** The test of one named credential, kept apart from the others' (each row shows its own answer). */
export function useTestCredential(name: string) {
  return useMutation({
    mutationKey: ['connection', 'test', 'github', name],
    mutationFn: () => testGithubConnection(name),
  });
}

export function useTestRegistrarConnection() {
  return useMutation({
    mutationKey: ['connection', 'test', 'registrar'],
    mutationFn: testRegistrarConnection,
  });
}
