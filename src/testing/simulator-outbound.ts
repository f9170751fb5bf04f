import { loadConfig, SIMULATOR_ORIGIN } from '@/server/config';
import { archiveBounds, jsonBounds } from '@/server/outbound/bounds';
import { handedUrlChecks } from '@/server/outbound/handed-sources';

/** The embedded simulator's GitHub base, as the gateway sees it. */
export const SIMULATOR_GITHUB_BASE = `${SIMULATOR_ORIGIN}/api/v3`;

/** The outbound bounds and storage rule a gateway with default settings gives the wave runner. */
export function simulatorOutbound() {
  const config = loadConfig({});
  return {
    bounds: jsonBounds(config, true),
    storageBounds: archiveBounds(config),
    // In process: no names to resolve.
    checkStorage: handedUrlChecks(config).archive,
  };
}
