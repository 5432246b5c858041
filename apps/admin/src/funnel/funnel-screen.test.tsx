import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { funnelMethodText, funnelSteps } from '@koza/domain/admin/funnel';
import { json, mockAdminApi, renderAdmin } from '../test/render.tsx';

const answer = (type: 'GENERAL' | 'CHILD', totals: number[]) => {
  const steps = funnelSteps(type).map(({ slug, path, label }) => ({ slug, path, label }));
  const counts = steps.map((_, i) => totals[i] ?? 0);
  return { type, from: '2026-11-01', to: '2026-11-26', steps, days: [{ day: '2026-11-20', counts }], totals: counts };
};

describe('funnel screen', () => {
  it('keeps the chosen flow after the answer arrives (the URL holds it)', async () => {
    mockAdminApi('VIEWER', { 'GET /api/admin/funnel': ({ url }) => json(200, answer(url.searchParams.get('type') === 'CHILD' ? 'CHILD' : 'GENERAL', [5, 4])) });
    const router = renderAdmin('/funnel');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: /一般（18歳以上）：/ });
    await user.selectOptions(screen.getByLabelText('申込種別'), '未成年（親権者による代理）');
    await user.click(screen.getByRole('button', { name: '表示する' }));
    await screen.findByRole('heading', { name: /未成年（親権者による代理）：/ });
    await waitFor(() => expect(router.state.location.search).toBe('?type=CHILD'));
    expect((screen.getByLabelText('申込種別') as HTMLSelectElement).value).toBe('CHILD');
  });

  it('says how counts are taken, and never shows a step reached more often than the one before (no negative drop-off)', async () => {
    mockAdminApi('VIEWER', { 'GET /api/admin/funnel': () => json(200, answer('GENERAL', [10, 12, 4])) });
    renderAdmin('/funnel');
    expect(await screen.findByText(funnelMethodText)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'ステップ別の合計と離脱率' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '10', '60.0%']);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10', '10', '0.0%']);
    expect(screen.queryByText(/^-/)).toBeNull();
  });
});
