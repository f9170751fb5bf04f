import { createSimulator, type Simulator } from '@/simulator/simulator';
import { isScenario } from '@/simulator/github/state';
import type { GatewayConfig } from '../config';
import type { UpstreamFetch } from '../outbound/bounded-fetch';
import { resolveAll, type Resolve } from '../outbound/own-address';
import { keepSimulatedWorld, type KeptWorld } from '../simulated-world';

export interface Upstreams {
  github: UpstreamFetch;
  registrar: UpstreamFetch;
  /** The organization a move lands in (GraphQL and uploads); the embedded simulator's target when simulated. */
  target: UpstreamFetch;
  /** The network, whatever the upstreams are (alert receivers are never the simulator). */
  live: UpstreamFetch;
  /**
   * How the names of URLs each upstream hands back resolve (outbound/handed-url.ts): DNS when the upstream is
   * the network; none when it is in process (the embedded simulator, a test's fetch), where no socket opens.
   */
  resolvers: { github?: Resolve; target?: Resolve; registrar?: Resolve };
  simulator?: Simulator;
  /** The embedded simulator's world kept on disk (`keepSimulatorWorldIn`). */
  simulatorWorld?: KeptWorld;
}

/**
 * How the gateway reaches each upstream: the live services when configured, the embedded simulator otherwise
 * (both go through the same gateway code; only this fetch differs). A test may hand its own fetch for either.
 */
export function createUpstreams(
  config: GatewayConfig,
  options: {
    keepSimulatorWorldIn?: string;
    given?: { github?: UpstreamFetch; registrar?: UpstreamFetch; target?: UpstreamFetch };
  },
): Upstreams {
  const live: UpstreamFetch = (request) => fetch(request);
  const given = options.given ?? {};
  const githubSimulated = config.github.mode === 'simulator' && !given.github;
  const registrarSimulated = config.registrar.mode === 'simulator' && !given.registrar;
  const targetSimulated = config.target.mode === 'simulator' && !given.target;
  const simulator =
    githubSimulated || registrarSimulated || targetSimulated
      ? createSimulator({
          speed: config.simSpeed,
          scenario: isScenario(config.simScenario) ? config.simScenario : 'demo',
          faults: config.simFaults,
          archiveBytesPerKb: config.simArchiveBytesPerKb,
          trustGatewayOrigin: true,
        })
      : undefined;
  const simulatorWorld =
    simulator && options.keepSimulatorWorldIn
      ? keepSimulatedWorld(simulator, options.keepSimulatorWorldIn)
      : undefined;
  const simulated: UpstreamFetch = simulator
    ? async (request) => {
        const response = await simulator.fetch(request);
        simulatorWorld?.answered(request.method);
        return response;
      }
    : live;
  return {
    github: given.github ?? (githubSimulated ? simulated : live),
    registrar: given.registrar ?? (registrarSimulated ? simulated : live),
    target: given.target ?? (targetSimulated ? simulated : live),
    live,
    resolvers: {
      ...(githubSimulated || given.github ? {} : { github: resolveAll }),
      ...(targetSimulated || given.target ? {} : { target: resolveAll }),
      ...(registrarSimulated || given.registrar ? {} : { registrar: resolveAll }),
    },
    simulator,
    simulatorWorld,
  };
}
