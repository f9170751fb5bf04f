import { REGISTRAR_PREFIX } from './envelope';

const errorRef = { $ref: '#/components/schemas/ErrorResponse' };
const jsonOf = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const errorResponse = (description: string) => ({ description, content: jsonOf(errorRef) });

/**
 * The OpenAPI 3.0 description of the simulated registrar interface, served at `/spec` and linked from
 * every answer with `Link: <…/spec>; rel="describedby"`, as Porkbun does.
 */
export function createOpenApiDocument(origin: string) {
  return {
    openapi: '3.0.0',
    info: {
      title: 'Porkbun API v3 (Ferry simulator)',
      version: '3.48',
      description:
        'The part of the registrar interface that Ferry’s simulator implements. Authenticate with the X-API-Key and X-Secret-API-Key headers, or with apikey and secretapikey body fields on POST (body fields win). Every answer is a JSON envelope with status SUCCESS or ERROR and a requestId equal to the X-Request-Id header; branch on status, never on the HTTP code alone.',
    },
    servers: [{ url: `${origin}${REGISTRAR_PREFIX}` }],
    security: [{ ApiKeyHeader: [], SecretApiKeyHeader: [] }],
    paths: {
      '/ping': {
        post: {
          operationId: 'ping',
          summary: 'Check connectivity and, when keys are given, that they are valid.',
          security: [],
          responses: {
            '200': {
              description: 'Your IP address, and credentialsValid when keys were sent.',
              content: jsonOf({ $ref: '#/components/schemas/PingResponse' }),
            },
            '400': errorResponse('Invalid keys (INVALID_API_KEYS_002, MISSING_SECRETAPIKEY).'),
          },
        },
      },
      '/domain/getRegistrationRequirements/{tld}': {
        get: {
          operationId: 'domainGetRegistrationRequirements',
          summary: 'Whether a TLD can be registered through the API, and the create body as JSON Schema.',
          parameters: [
            {
              name: 'tld',
              in: 'path',
              required: true,
              description: 'The TLD without a leading dot, in ASCII (IDNs as xn--): com, co.uk, xn--q9jyb4c.',
              schema: { type: 'string' },
            },
          ],
          'x-ratelimit': {
            requests: 3,
            window: 1,
            windowUnit: 'second',
            scope: 'apiKey',
            note: 'Bursts beyond the limit are answered with HTTP 503 and RATE_LIMIT_EXCEEDED.',
          },
          responses: {
            '200': {
              description: 'The registration requirements.',
              content: jsonOf({ $ref: '#/components/schemas/RegistrationRequirements' }),
            },
            '400': errorResponse('INVALID_TLD, or bad keys (API_KEY_REQUIRED, INVALID_API_KEYS_002...).'),
            '503': errorResponse('RATE_LIMIT_EXCEEDED: too many requests in a short time; see ttlRemaining.'),
          },
        },
      },
      '/spec': {
        get: {
          operationId: 'getSpec',
          summary: 'This document.',
          security: [],
          responses: { '200': { description: 'OpenAPI 3.0 JSON.' } },
        },
      },
    },
    components: {
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        SecretApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Secret-API-Key' },
      },
      schemas: {
        ErrorResponse: {
          type: 'object',
          required: ['status', 'message'],
          properties: {
            status: { type: 'string', enum: ['ERROR'] },
            message: { type: 'string' },
            code: { type: 'string', description: 'Machine-readable error code.' },
            ttlRemaining: { type: 'integer', description: 'Seconds to wait (rate limits).' },
            next_action: {
              type: 'object',
              properties: {
                type: { type: 'string' },
                hint: { type: 'string' },
                url: { type: 'string' },
              },
            },
            requestId: { type: 'string' },
          },
        },
        PingResponse: {
          type: 'object',
          required: ['status', 'yourIp'],
          properties: {
            status: { type: 'string', enum: ['SUCCESS'] },
            yourIp: { type: 'string' },
            xForwardedFor: { type: 'string' },
            credentialsValid: { type: 'boolean' },
            requestId: { type: 'string' },
          },
        },
        RegistrationRequirements: {
          type: 'object',
          required: [
            'status',
            'tld',
            'apiRegisterable',
            'registrationDurationYears',
            'whoisPrivacySupported',
            'requiresValidatedAddress',
            'registrantOnly',
            'requestSchema',
          ],
          properties: {
            status: { type: 'string', enum: ['SUCCESS'] },
            tld: { type: 'string' },
            apiRegisterable: { type: 'boolean' },
            notApiRegisterableReason: { type: 'string' },
            registrationDurationYears: { type: 'integer' },
            maxRegistrationYears: { type: 'integer', nullable: true },
            whoisPrivacySupported: { type: 'boolean' },
            requiresValidatedAddress: { type: 'boolean' },
            registrantOnly: { type: 'boolean' },
            requestSchema: {
              type: 'object',
              description: 'JSON Schema (draft 2020-12) of the domain/create body for this TLD.',
            },
            registryRequirements: {
              type: 'object',
              nullable: true,
              description:
                'JSON Schema of registry eligibility data (allowed values, labels, x-policyNote); null or absent when none.',
            },
            requestId: { type: 'string' },
          },
        },
      },
    },
  };
}
