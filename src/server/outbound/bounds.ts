import { LARGE_ANSWER_FACTOR } from '@/contracts/github/operations';
import type { GatewayConfig } from '@/server/config';
import type { OutboundBounds } from './bounded-fetch';

type BoundsConfig = Pick<
  GatewayConfig,
  'upstreamTimeoutMs' | 'upstreamTotalMs' | 'upstreamJsonLimitBytes' | 'archiveTotalMs' | 'archiveMaxBytes'
>;

/** A JSON answer: read into memory (checked, redacted), so capped at the JSON limit (×8 for large lists). */
export function jsonBounds(config: BoundsConfig, large = false): OutboundBounds {
  return {
    headersMs: config.upstreamTimeoutMs,
    idleMs: config.upstreamTimeoutMs,
    totalMs: config.upstreamTotalMs,
    maxBytes: config.upstreamJsonLimitBytes * (large ? LARGE_ANSWER_FACTOR : 1),
  };
}

/** An archive: streamed, never held, so only its size and duration are capped. */
export function archiveBounds(config: BoundsConfig): OutboundBounds {
  return {
    headersMs: config.upstreamTimeoutMs,
    idleMs: config.upstreamTimeoutMs,
    totalMs: config.archiveTotalMs,
    maxBytes: config.archiveMaxBytes,
  };
}
