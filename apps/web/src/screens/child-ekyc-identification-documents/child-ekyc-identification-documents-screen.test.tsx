import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { arrivedByNext, renderApp } from '../../test/render-app.tsx';
import { json, mockApi, savedApplications } from '../../test/api-mock.ts';
import { documentCaptureText } from '../../forms/document-capture.tsx';
import { identificationText } from './child-ekyc-identification-documents-screen.tsx';

// jsdom has no object URLs (the preview's image source).
Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined });

const card = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'card.jpg', { type: 'image/jpeg' });
const currentStep = () => within(screen.getByRole('navigation', { name: 'お申込みの手順' })).getByRole('listitem', { current: 'step' });

async function open(birthday: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/applications': () => json(200, savedApplications({ applicationType: 'CHILD', birthday })),
    ...handlers,
  });
  sessionStorage.setItem('token', 'secret');
  const view = renderApp(arrivedByNext('child-ekyc-identification-documents'));
  await screen.findByRole('heading', { level: 2, name: identificationText.camera.title });
  return { ...view, fetchMock };
}

describe('child identification documents screen', () => {
  it('takes the card photo (step 7), shows it (step 8) and uploads it as INDIVIDUAL_NUMBER_CARD on Next', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = await open('2016-05-05', { 'POST /api/documents': () => json(204) });
    expect(currentStep().textContent).toContain('7');
    expect(screen.queryByText(identificationText.withoutPhoto.title)).toBeNull();
    expect((screen.getByRole('button', { name: '次へ' }) as HTMLButtonElement).disabled).toBe(true);

    await user.upload(screen.getByLabelText(documentCaptureText.camera), card());
    await screen.findByRole('heading', { level: 2, name: identificationText.confirm.title });
    expect(currentStep().textContent).toContain('8');
    expect(screen.getByRole('img', { name: identificationText.confirm.previewAlt })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: identificationText.confirm.send }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/child/ekyc-supplementary-documents'));
    const upload = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/documents'));
    expect((upload?.[1]?.body as FormData).get('type')).toBe('INDIVIDUAL_NUMBER_CARD');
  });

  it('tells the parent of a child born after 2023-12-02 that a card without a photo is accepted', async () => {
    await open('2024-06-01');
    expect(screen.getByRole('heading', { level: 3, name: identificationText.withoutPhoto.title })).toBeTruthy();
    expect(screen.getByText(identificationText.withoutPhoto.body)).toBeTruthy();
  });

  it('returns from the confirm state to the camera state by Back, and to eKYC preparation from there', async () => {
    const user = userEvent.setup();
    const { router } = await open('2016-05-05');
    await user.upload(screen.getByLabelText(documentCaptureText.library), card());
    await screen.findByRole('heading', { level: 2, name: identificationText.confirm.title });
    await user.click(screen.getByRole('button', { name: '戻る' }));
    await screen.findByRole('heading', { level: 2, name: identificationText.camera.title });
    await user.click(screen.getByRole('button', { name: '戻る' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/child/ekyc-preparation'));
  });
});
