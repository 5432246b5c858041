import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EkycMethod } from '@koza/domain/constants';
import { arrivedByNext, renderApp } from '../../test/render-app.tsx';
import { json, mockApi } from '../../test/api-mock.ts';
import { pageTitles } from '@koza/domain/flows';
import { childEkycPreparationText as text } from './child-ekyc-preparation-screen.tsx';

async function open(method: EkycMethod) {
  mockApi({ 'GET /api/ekyc': () => json(200, { method, status: null, supplementRequired: false }) });
  sessionStorage.setItem('token', 'secret');
  const view = renderApp(arrivedByNext('child-ekyc-preparation'));
  await screen.findByRole('heading', { level: 1, name: pageTitles['child-ekyc-preparation'] });
  await screen.findByText(text.card);
  return view;
}

describe('child eKYC preparation screen', () => {
  it.each([
    ['PHOTO_ID_AND_FACE', text.parent.PHOTO_ID_AND_FACE, text.parent.JPKI],
    ['JPKI', text.parent.JPKI, text.parent.PHOTO_ID_AND_FACE],
  ] as const)('lists the parent’s documents of the %s method', async (method, shown, hidden) => {
    await open(method);
    expect(screen.getByText(shown)).toBeTruthy();
    expect(screen.queryByText(hidden)).toBeNull();
    expect(screen.getByText(text.supplementary)).toBeTruthy();
  });

  it('has no Back (the PIN is set) and goes on to the card photo', async () => {
    const user = userEvent.setup();
    const { router } = await open('PHOTO_ID_AND_FACE');
    expect(screen.queryByRole('button', { name: '戻る' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '次へ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/child/ekyc-identification-documents'));
  });
});
