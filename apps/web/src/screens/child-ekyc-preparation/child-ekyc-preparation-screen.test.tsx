import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EkycMethod } from '@koza/domain/constants';
import { arrivedByNext, renderApp } from '../../test/render-app.tsx';
import { json, mockApi } from '../../test/api-mock.ts';
import { pageTitles } from '@koza/domain/flows';
import { messages } from '@koza/domain/messages';
import { childEkycPreparationText as text } from './child-ekyc-preparation-screen.tsx';

async function open(method: EkycMethod) {
  mockApi({ 'GET /api/ekyc': () => json(200, { method, status: null, supplementRequired: false }) });
  sessionStorage.setItem('token', 'secret');
  const view = renderApp(arrivedByNext('child-ekyc-preparation'));
  await screen.findByRole('heading', { level: 1, name: pageTitles['child-ekyc-preparation'] });
  await screen.findByText(method === 'JPKI' ? text.chip.documents[0] : text.card);
  return view;
}

describe('child eKYC preparation screen', () => {
  it('lists the child’s documents and the parent’s of the photo method before the amended ordinance', async () => {
    await open('PHOTO_ID_AND_FACE');
    expect(screen.getByText(text.parent.PHOTO_ID_AND_FACE)).toBeTruthy();
    expect(screen.getByText(text.supplementary)).toBeTruthy();
  });

  it('after the amended ordinance asks for the child’s IC-chip card and goes on to the parent’s eKYC preparation', async () => {
    const user = userEvent.setup();
    const { router } = await open('JPKI');
    expect(screen.queryByText(text.supplementary)).toBeNull();
    for (const item of text.chip.documents) expect(screen.getByText(item)).toBeTruthy();
    const next = screen.getByRole('button', { name: '次へ' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: text.chip.yes }));
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/child/parent-ekyc-preparation'));
  });

  it('tells a parent whose child has no IC-chip card that the online application is not available, and where to go', async () => {
    const user = userEvent.setup();
    await open('JPKI');
    await user.click(screen.getByRole('radio', { name: text.chip.no }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.childChipUnavailable);
    expect(alert.textContent).toContain(messages.childChipUnavailableNote);
    expect((screen.getByRole('button', { name: '次へ' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('has no Back (the PIN is set) and goes on to the card photo', async () => {
    const user = userEvent.setup();
    const { router } = await open('PHOTO_ID_AND_FACE');
    expect(screen.queryByRole('button', { name: '戻る' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '次へ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/child/ekyc-identification-documents'));
  });
});
