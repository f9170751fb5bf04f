import { Hono, type Context } from 'hono';
import { decorate, newRequestId, registrarError } from './envelope';
import { SIM_REGISTRAR_KEYS } from './keys';
import { createOpenApiDocument } from './openapi';
import { createBurstLimiter, DEFAULT_BURST, type BurstLimiter, type BurstOptions } from './throttle';

export type Credentials = { apiKey?: string; secretApiKey?: string };

/** Body credentials win over headers, as the registrar documents. Throws on a body that is not JSON. */
export async function credentialsOf(c: Context): Promise<Credentials> {
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

export function callerIp(c: Context): string {
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || '127.0.0.1';
}

export interface RegistrarContext {
  now: () => number;
  limiter: BurstLimiter;
  burst: BurstOptions;
  /**
   * Read and check the credentials an authenticated operation needs. Returns the error response to send,
   * or `undefined` when the keys are valid.
   */
  authenticate(c: Context, requestId: string): Promise<Response | undefined>;
}

export type RegistrarRoutes = (app: Hono, context: RegistrarContext) => void;

export interface RegistrarOptions {
  /** Clock for burst limiting; real time by default. */
  now?: () => number;
  burst?: BurstOptions;
}

async function authenticate(c: Context, requestId: string): Promise<Response | undefined> {
  let credentials: Credentials;
  try {
    credentials = await credentialsOf(c);
  } catch {
    return registrarError(c, 400, 'INVALID_OR_EMPTY_JSON', 'The request body is not valid JSON.', requestId);
  }
  if (!credentials.apiKey && !credentials.secretApiKey) {
    return registrarError(
      c,
      400,
      'API_KEY_REQUIRED',
      'An API key and secret API key are required.',
      requestId,
      {
        next_action: {
          type: 'authenticate',
          hint: 'Send X-API-Key and X-Secret-API-Key headers, or apikey and secretapikey body fields.',
        },
      },
    );
  }
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
  return undefined;
}

export function createRegistrarApp(extraRoutes: RegistrarRoutes[] = [], options: RegistrarOptions = {}) {
  const app = new Hono();
  const now = options.now ?? Date.now;
  const burst = options.burst ?? DEFAULT_BURST;
  const context: RegistrarContext = {
    now,
    burst,
    limiter: createBurstLimiter(now, burst),
    authenticate,
  };

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
    const ip = callerIp(c);
    const base = { status: 'SUCCESS', yourIp: ip, xForwardedFor: ip };
    if (!credentials.apiKey && !credentials.secretApiKey)
      return decorate(c, c.json({ ...base, requestId }), requestId);
    const refused = await authenticate(c, requestId);
    if (refused) return refused;
    return decorate(c, c.json({ ...base, credentialsValid: true, requestId }), requestId);
  });

  // The `describedby` target: an OpenAPI description of the simulated interface. Public, like Porkbun's.
  app.get('/spec', (c) => {
    const requestId = newRequestId();
    const origin = new URL(c.req.url).origin;
    return decorate(c, c.json(createOpenApiDocument(origin)), requestId);
  });

  for (const register of extraRoutes) register(app, context);

  app.notFound((c) => registrarError(c, 404, 'NOT_FOUND', 'Unknown endpoint.', newRequestId()));
  return app;
}
