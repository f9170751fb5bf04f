import type { GatewayConfig } from '@/server/config';
import { nextPortOrigin } from '@/simulator/github/app';
import { handedUrlCheck, type HandedUrlCheck } from './handed-url';
import type { Resolve } from './own-address';

/**
 * Where GitHub serves archives and migration logs from (https, default port): S3, path-style
 * (`s3.amazonaws.com/github-cloud/…`) and per bucket (`github-cloud.s3.amazonaws.com`), and GitHub's object hosts
 * (`objects-origin.githubusercontent.com/octoshiftmigrationlogs/…` for GEI's logs).
 */
export const GITHUB_STORAGE_HOSTS = [
  's3.amazonaws.com',
  '.s3.amazonaws.com',
  '.githubusercontent.com',
] as const;

type SourcesConfig = {
  github: Pick<GatewayConfig['github'], 'mode' | 'baseUrl'>;
  target: Pick<GatewayConfig['target'], 'baseUrl' | 'uploadsUrl'>;
  storageOrigins: readonly string[];
};

/** Each upstream's resolver when it is the network; none when it is in process (the simulator, a test's fetch). */
export interface UpstreamResolvers {
  github?: Resolve;
  target?: Resolve;
}

export interface HandedUrlChecks {
  /**
   * An archive redirect's `Location` (the browser's download and the wave runner's): GitHub's storage, the source
   * GitHub's own origin (a GHES serving archives itself), `GITHUB_STORAGE_ORIGINS`, and with the embedded
   * simulator its storage origin. Another port or scheme of the upstream's host is another service.
   */
  archive: HandedUrlCheck;
  /** A migration's `migrationLogUrl`: GitHub's storage, the target's API and uploads origins. */
  log: HandedUrlCheck;
}

export function handedUrlChecks(config: SourcesConfig, resolvers: UpstreamResolvers = {}): HandedUrlChecks {
  const source = new URL(config.github.baseUrl).origin;
  return {
    archive: handedUrlCheck({
      origins: [
        source,
        ...config.storageOrigins,
        ...(config.github.mode === 'simulator' ? [nextPortOrigin(source)] : []),
      ],
      hosts: GITHUB_STORAGE_HOSTS,
      resolve: resolvers.github,
    }),
    log: handedUrlCheck({
      origins: [config.target.baseUrl, config.target.uploadsUrl, ...config.storageOrigins],
      hosts: GITHUB_STORAGE_HOSTS,
      resolve: resolvers.target,
    }),
  };
}
