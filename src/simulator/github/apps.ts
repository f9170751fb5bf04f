import { createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';

/**
 * The simulator's one GitHub App, installed on `octo-org`. Its private key is published here on purpose:
 * it signs nothing outside the simulator (the gateway uses it when it runs on the embedded simulator, and
 * the tests configure it like a real App's `.pem`).
 */
export const SIM_APP = {
  id: 424242,
  slug: 'ferry-simulated-app',
  name: 'Ferry simulated app',
  installationId: 4242,
  account: 'octo-org',
  permissions: { metadata: 'read', administration: 'write', organization_administration: 'write' },
} as const;

export const SIM_APP_PRIVATE_KEY = `-----BEGIN RSA PRIVATE KEY-----
MIIEpAIBAAKCAQEAovoJslT0WAY8FTb4dbhxSKFp8X2JUx0cBFnmu/vZOdhh5Xgb
CKAWXBstRkJK81FYdDJRzXsep/fPBB6Fm5XAz10EI+CwBl3NgZvBUHVbFoMIrUeN
/Z/cxHzVxjE3w0HRckOeNUtFH3dJOSqFcuWohCcm5ektofYtpRhupPEB1vKQkMSw
EzeU/BYJXLnDFszbHwvV9UofDus6toledSwSwwsCVSOci0Fgkay6Iwrtt2UUnlm6
GtUwzC7Atf85N8BX+TACquNldumegRKAX6ms5YUk8J2U5SXmqIUUJyuYF4HLD4L8
E/WsglCg0GI29ZCL6T79Gs+YMzCIhf2C8iPmxwIDAQABAoIBAAS2SP3RzKds4A4s
TYkNy6IHdLTe5c+0NEFV82tfpTtca7wtjvk0CQwhsbCUgxk/iANYCcXF97AbOe41
ubQyuLqQxxQIejO864+smALCWd9ali94YFJtwv11Wd2bQlr6tgUL5RudBlhvY6Zr
pHnFdRauZnFYSWb441Sg0mDMzQ+mCOdyzHn3qib2lqqaXtdvqD8t0IOEs3zqXcBa
pNA63Z5ip6G+JzMPUw4Dr+cvgs8CCRb0KjWk9vFsVLkh61Y1X7o1RKdfgL2ozn8G
r7tmxnc05rm1IhIXFY+Wg6uCknrWwLTwio2Pjra245LHlbVaJFpZQ/t0yew3UAUu
J7NTNNUCgYEA2hMAa0E00ZCQept8t8P1QmdPpUF0cywZ6j5XrqLSi9KCvWv823C4
pAKny0bdKUaSiTlqF5EP+5tRko6zydFQcle2ub5uo2M5kpC5Yw03qwqQETGzcL1y
pgGnS0U3GIc6hrzyL8xNT2g12ZgRWVjuTpzmgBKCiGSnCuct9q3BdL0CgYEAv1IC
sndtRuG0lDNfwEEZQUhJ0iyzjoe1o/To0grpY3ab22K6rcFFpE6E9JjAOJrzc6PQ
sk23Kupkgy8ciR7H5074gRAaOQ8tg9JJBlerG1MsTIUWK44+89Jh2/lc6aeqP0Ct
A2N/KjLQlvFGVEOwFRshEs9/hFsmFvEtmLjP29MCgYEAvHgvpIJ2Y6fNNimrYCa7
kOg4rVokimVTAF9g6E1QKgeFdrAdmImTCixBWC2mdkXH31D/n95/MbTKix9JwuJj
5G5qPZ2XgR4AY+swTaresbQvTqzlqEoTC+Xh7+uh8lDtBAXISgcHydkGsUf7tnxl
eQuhKo7UwYw70fB6iPciewECgYEAvSU/NWGMz77k4H/J8jBp33iwQvGesxLIKUg/
xSi0hHkGrWZ2WMHzL/XQzGEX6N6IQZN7CEx9AhipNmilNYsQ50XTuQVKZ47x2JlV
SMfzihg4e4431OfUpQkhZnCpwvbYAaDXa7o6RmXmgtQWS8h/lN41XHt3/kp+5b+a
7JoKJbECgYBzOGzA6MCRGveMY70pOIKfYJ0zxJHFswldSwATSOTI8Zh88aKOEjLf
C06zlYlm2c0NZjht/Cf3aDaV9s7OxNOJQQf6ZoaQJ+II3IoHGJ7neKLHIq+osoOg
aAWSL4apsjpBylMyqeaPlpppz7UP0v/KWyCxrfTLPywic81/QELw4Q==
-----END RSA PRIVATE KEY-----`;

const publicKey = createPublicKey(SIM_APP_PRIVATE_KEY);

/** GitHub's JWT rules: RS256, `iss` the App's id, issued at most 60 s ahead, valid at most 10 minutes. */
export type JwtCheck = { ok: true; appId: number } | { ok: false; message: string };

function decodePart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export function looksLikeJwt(token: string): boolean {
  return /^[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}$/.test(token);
}

export function checkAppJwt(token: string, nowMs: number): JwtCheck {
  const [header, payload, signature] = token.split('.');
  const head = header ? decodePart(header) : undefined;
  const claims = payload ? decodePart(payload) : undefined;
  const undecodable = { ok: false as const, message: 'A JSON web token could not be decoded' };
  if (
    !signature ||
    typeof head !== 'object' ||
    head === null ||
    typeof claims !== 'object' ||
    claims === null
  )
    return undecodable;
  if (!('alg' in head) || head.alg !== 'RS256') return undecodable;
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return undecodable;
  const { iss, exp, iat } = claims as { iss?: unknown; exp?: unknown; iat?: unknown };
  const nowS = Math.floor(nowMs / 1000);
  if (typeof exp !== 'number' || exp <= nowS || typeof iat !== 'number') {
    return {
      ok: false,
      message:
        "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires",
    };
  }
  // A JWT valid longer than 10 minutes (from now, or from its own `iat`): GitHub's words for it.
  if (exp > nowS + 600 || exp - iat > 600)
    return { ok: false, message: "'Expiration time' claim ('exp') is too far in the future" };
  if (iat > nowS + 60)
    return {
      ok: false,
      message:
        "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued",
    };
  if (Number(iss) !== SIM_APP.id) return { ok: false, message: 'Integration not found' };
  return { ok: true, appId: SIM_APP.id };
}

/**
 * An installation token as GitHub mints them since 2026: `ghs_` and a JWT-shaped body (about 520
 * characters), so nothing downstream may assume a short token.
 */
export function mintInstallationToken(installationId: number, expiresAtMs: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = part({ typ: 'JWT', alg: 'HS256' });
  const body = part({
    iid: installationId,
    exp: Math.floor(expiresAtMs / 1000),
    jti: randomBytes(240).toString('base64url'),
    scope: 'installation',
  });
  const mac = createHmac('sha256', 'ferry-simulator').update(`${head}.${body}`).digest('base64url');
  return `ghs_${head}.${body}.${mac}`;
}
