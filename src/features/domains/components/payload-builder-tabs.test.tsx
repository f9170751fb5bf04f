import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PayloadBuilder } from './payload-builder';

const schema = {
  type: 'object',
  required: ['cost'],
  properties: { cost: { type: 'integer', minimum: 1, description: 'Cost (US cents)' } },
};

afterEach(() => vi.restoreAllMocks());

function renderBuilder() {
  return renderWithProviders(<PayloadBuilder tld="com" schema={schema} registerable />);
}

describe('the payload builder’s schema views', { timeout: 20_000 }, () => {
  it('draws its tabs without measuring them (no layout read for an indicator or scroll buttons)', () => {
    const measured: Element[] = [];
    const original = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      measured.push(this);
      return original.call(this);
    });
    renderBuilder();
    const tablist = screen.getByRole('tablist', { name: 'Schema views' });
    expect(measured.filter((element) => tablist.contains(element))).toEqual([]);
  });

  it('is a tablist a keyboard works: arrows, Home and End move and select, one tab stop', async () => {
    const { user } = renderBuilder();
    const tablist = screen.getByRole('tablist', { name: 'Schema views' });
    const tree = within(tablist).getByRole('tab', { name: 'Schema tree' });
    const raw = within(tablist).getByRole('tab', { name: 'Raw JSON' });
    expect(tree).toHaveAttribute('aria-selected', 'true');
    expect(raw).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Schema tree' })).toBeVisible();
    // One stop in the tab order: the selected tab.
    expect(tree).toHaveAttribute('tabindex', '0');
    expect(raw).toHaveAttribute('tabindex', '-1');

    tree.focus();
    await user.keyboard('{ArrowRight}');
    expect(raw).toHaveFocus();
    expect(raw).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Raw JSON' })).toHaveTextContent('"minimum": 1');
    expect(screen.queryByRole('tabpanel', { name: 'Schema tree' })).not.toBeInTheDocument();
    // Past the last tab the arrow wraps to the first.
    await user.keyboard('{ArrowRight}');
    expect(tree).toHaveFocus();
    expect(tree).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(raw).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tree).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(raw).toHaveFocus();
    await user.click(tree);
    expect(tree).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('list', { name: 'Schema tree' })).toHaveTextContent('cost');
  });
});
