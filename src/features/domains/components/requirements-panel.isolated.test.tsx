import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idle, installFakeWhenSeen } from '@/testing/fake-when-seen';
import { renderApp } from '@/testing/render-with-providers';

// Counts the requests for the payload builder's code (the form generator's lazy chunk in the build).
const builderCode = vi.hoisted(() => ({ requested: 0 }));
vi.mock('./payload-builder', async (importOriginal) => {
  builderCode.requested += 1;
  return importOriginal();
});

beforeEach(installFakeWhenSeen);
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('the requirements panel: the payload form starts only when seen, idle or reached', () => {
  it('asks for no form code with the verdict; a keyboard user reaching it starts it at once', async () => {
    renderApp('/domains?tld=com');
    await screen.findByRole('heading', { name: 'Can be registered through the API' }, { timeout: 15_000 });
    await settle();
    expect(builderCode.requested).toBe(0);
    // Still busy (no idle period yet), far from the viewport: focusing the way in is enough.
    expect(idle.waiting.size).toBeGreaterThan(0);
    act(() => screen.getByRole('button', { name: 'Show the payload form' }).focus());
    await waitFor(() => expect(builderCode.requested).toBe(1));
    expect(
      await screen.findByRole('spinbutton', { name: /Cost \(US cents\)/ }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  }, 30_000);
});
