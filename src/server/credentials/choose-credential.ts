import { defaultCredential, refusalOf, type OperationCredentials } from '@/contracts/credentials';
import type { Credential, CredentialChoice } from './credentials';

/** The credential a request asked for (by name), or the first that may call the operation. */
export function chooseCredential(
  list: readonly Credential[],
  asked: string | undefined,
  operation: OperationCredentials,
): CredentialChoice {
  if (asked !== undefined) {
    const credential = list.find((candidate) => candidate.name === asked);
    if (!credential) {
      return {
        ok: false,
        status: 400,
        code: 'UNKNOWN_CREDENTIAL',
        message: 'No GitHub credential of that name is configured on this gateway.',
      };
    }
    const refusal = refusalOf(credential.kind, operation);
    if (refusal) {
      return {
        ok: false,
        status: 403,
        code: 'CREDENTIAL_NOT_ALLOWED',
        message: `“${credential.name}”: ${refusal}`,
      };
    }
    return { ok: true, credential, isDefault: credential === defaultCredential(list, operation) };
  }
  const credential = defaultCredential(list, operation);
  if (!credential) {
    return {
      ok: false,
      status: 403,
      code: 'CREDENTIAL_NOT_ALLOWED',
      message: list.length
        ? `None of the configured credentials may call this: ${refusalOf(list[0]?.kind ?? 'app', operation) ?? ''}`
        : 'No GitHub credential is configured.',
    };
  }
  return { ok: true, credential, isDefault: true };
}
