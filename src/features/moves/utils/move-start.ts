import type { MovePreview } from '@/contracts/moves';

/**
 * Why "Start move" cannot be pressed, or undefined when it can: a move starts from a preview (the gateway
 * re-runs its pre-flight and moves only the repositories it finds ready), with every token able.
 */
export function startBlockedBecause(preview: MovePreview | undefined): string | undefined {
  if (!preview) return 'Preview first: a move starts with the repositories its preview finds ready.';
  const refused = preview.tokens.filter((token) => !token.ok);
  if (refused.length > 0)
    return `GitHub would refuse ${refused
      .map((token) => `the ${token.side} token “${token.credential}”: ${token.reason}`)
      .join('; ')}`;
  if (preview.ready === 0) return 'No repository of this plan is ready to move.';
  return undefined;
}
