import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeObserver, idle, installFakeWhenSeen, liveObservers } from '@/testing/fake-when-seen';
import { renderWithProviders } from '@/testing/render-with-providers';
import { WhenSeen } from './when-seen';

beforeEach(installFakeWhenSeen);
afterEach(() => vi.unstubAllGlobals());

function renderPart() {
  return renderWithProviders(
    <>
      <button type="button">Before</button>
      <WhenSeen
        showLabel="Show chart"
        placeholder={<div data-testid="placeholder" style={{ height: 140 }} />}
      >
        <button type="button">Inside the part</button>
      </WhenSeen>
    </>,
  );
}

describe('WhenSeen', () => {
  it('draws the placeholder until the box comes near, then the part', () => {
    renderPart();
    expect(screen.getByTestId('placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inside the part' })).not.toBeInTheDocument();
    act(() => FakeObserver.all.at(-1)?.report(true));
    expect(screen.getByRole('button', { name: 'Inside the part' })).toBeInTheDocument();
    expect(screen.queryByTestId('placeholder')).not.toBeInTheDocument();
    expect(liveObservers()).toHaveLength(0);
  });

  it('draws the part when the main thread is idle', () => {
    renderPart();
    act(() => idle.run());
    expect(screen.getByRole('button', { name: 'Inside the part' })).toBeInTheDocument();
  });

  it('starts at once for a keyboard user and hands the focus to the part', async () => {
    const { user } = renderPart();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
    // The way in is the next stop; focusing it is enough.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inside the part' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show chart' })).not.toBeInTheDocument();
    // The focus waits in the part (not lost to the page), so the next stop is the part's first control.
    expect(document.body).not.toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inside the part' })).toHaveFocus();
  });
});
