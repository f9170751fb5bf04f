import { Hono, type Context } from 'hono';
import { decorate, newRequestId, registrarError } from './envelope';
import { SIM_REGISTRAR_KEYS } from './keys';

type Credentials = { apiKey?: string; secretApiKey?: string };

/** Body credentials win over headers, as the registrar documents. */
async function credentialsOf(c: Context): Promise<Credentials> {
  if (c.req.method === 'POST') {
    const text = await c.req.text();
    if (text.trim()) {
      try {
        const body = JSON.parse(text) as Record<string, unknown>;
        if (typeof body.apikey === 'string' || typeof body.secretapikey === 'string') {
          return {
            apiKey: body.apikey as string | undefined,
            secretApiKey: body.secretapikey as string | undefined,
          };
        }
      } catch {
        throw new SyntaxError('INVALID_OR_EMPTY_JSON');
      }
    }
  }
  return { apiKey: c.req.header('x-api-key'), secretApiKey: c.req.header('x-secret-api-key') };
}

export type RegistrarRoutes = (app: Hono) => void;

export function createRegistrarApp(extraRoutes: RegistrarRoutes[] = []) {
  const app = new Hono();

  app.on(['GET', 'POST'], '/ping', async (c) => {
    const requestId = newRequestId();
    let credentials: Credentials;
    try {
      credentials = await credentialsOf(c);
    } catch {
      return registrarError(
        c,
        400,
        'INVALID_OR_EMPTY_JSON',
        'The request body is not valid JSON.',
        requestId,
      );
    }
    const ip = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || '127.0.0.1';
    const base = { status: 'SUCCESS', yourIp: ip, xForwardedFor: ip };
    if (!credentials.apiKey && !credentials.secretApiKey)
      return decorate(c, c.json({ ...base, requestId }), requestId);
    if (!credentials.secretApiKey) {
      return registrarError(
        c,
        400,
        'MISSING_SECRETAPIKEY',
        'Missing secret API key (secretapikey).',
        requestId,
      );
    }
    if (
      credentials.apiKey !== SIM_REGISTRAR_KEYS.apiKey ||
      credentials.secretApiKey !== SIM_REGISTRAR_KEYS.secretApiKey
    ) {
      return registrarError(c, 400, 'INVALID_API_KEYS_002', 'Invalid API key. (002)', requestId);
    }
    return decorate(c, c.json({ ...base, credentialsValid: true, requestId }), requestId);
  });

  for (const register of extraRoutes) register(app);

  app.notFound((c) => registrarError(c, 404, 'NOT_FOUND', 'Unknown endpoint.', newRequestId()));
  return app;
}
