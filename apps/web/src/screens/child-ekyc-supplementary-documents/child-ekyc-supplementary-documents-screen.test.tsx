import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { supplementChecks } from '@koza/domain/steps/child-documents';
import { arrivedByNext, renderApp } from '../../test/render-app.tsx';
import { json, mockApi } from '../../test/api-mock.ts';
import { pageTitles } from '@koza/domain/flows';
import { documentCaptureText } from '../../forms/document-capture.tsx';
import { supplementaryText } from './supplementary-text.ts';

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'handbook.jpg', { type: 'image/jpeg' });
const next = () => screen.getByRole('button', { name: '次へ' }) as HTMLButtonElement;
const send = () => screen.getByRole('button', { name: supplementaryText.confirm.send }) as HTMLButtonElement;
/** The step the step bar marks current (its list item with aria-current="step"). */
const currentStep = () => within(screen.getByRole('navigation', { name: 'お申込みの手順' })).getByRole('listitem', { current: 'step' });

/** The types sent to POST /api/documents, in order (the body is multipart form data). */
function uploadedTypes(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/documents')).map(([, init]) => String((init?.body as FormData).get('type')));
}

async function open() {
  sessionStorage.setItem('token', 'secret');
  const view = renderApp(arrivedByNext('child-ekyc-supplementary-documents'));
  await screen.findByRole('heading', { level: 1, name: pageTitles['child-ekyc-supplementary-documents'] });
  return view;
}

// jsdom has no object URLs (the preview's image source).
Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined });

describe('child supplementary documents screen', () => {
  it('goes select → camera → confirm, and sends only when every check of the chosen document is ticked', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ 'POST /api/documents': () => json(204) });
    const { router } = await open();

    expect(currentStep().textContent).toContain('9');
    expect(next().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /母子健康手帳/ }));
    await user.click(next());

    expect(await screen.findByRole('heading', { level: 2, name: supplementaryText.camera.title('MATERNITY_HANDBOOK') })).toBe(document.activeElement);
    expect(currentStep().textContent).toContain('10');
    await user.upload(screen.getByLabelText(documentCaptureText.library), photo());

    await screen.findByRole('heading', { level: 2, name: supplementaryText.confirm.title });
    expect(currentStep().textContent).toContain('11');
    expect(screen.getByRole('img', { name: '撮影した母子健康手帳の写真' })).toBeTruthy();
    const checks = supplementChecks.MATERNITY_HANDBOOK;
    for (const check of checks) {
      expect(send().disabled).toBe(true);
      await user.click(screen.getByRole('checkbox', { name: check.label }));
    }
    expect(send().disabled).toBe(false);
    // Unticking one disables it again.
    await user.click(screen.getByRole('checkbox', { name: checks[0]!.label }));
    expect(send().disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: checks[0]!.label }));

    await user.click(send());
    await waitFor(() => expect(router.state.location.pathname).toBe('/child/parent-ekyc-preparation'));
    expect(uploadedTypes(fetchMock)).toEqual(['MATERNITY_HANDBOOK']);
  });

  it('clears the ticks on a retake and goes back state by state', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: /住民票の写し/ }));
    await user.click(next());
    await user.upload(screen.getByLabelText(documentCaptureText.library), photo());
    await user.click(await screen.findByRole('checkbox', { name: supplementChecks.CERTIFICATE_RESIDENCE[0].label }));

    await user.click(screen.getByRole('button', { name: documentCaptureText.retake }));
    await screen.findByRole('heading', { level: 2, name: supplementaryText.camera.title('CERTIFICATE_RESIDENCE') });
    // The photo is kept: Next returns to it, its ticks cleared.
    await user.click(next());
    expect(((await screen.findByRole('checkbox', { name: supplementChecks.CERTIFICATE_RESIDENCE[0].label })) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: '戻る' }));
    await screen.findByRole('heading', { level: 2, name: supplementaryText.camera.title('CERTIFICATE_RESIDENCE') });
    await user.click(screen.getByRole('button', { name: '戻る' }));
    expect(((await screen.findByRole('radio', { name: /住民票の写し/ })) as HTMLInputElement).checked).toBe(true);
  });

  it('goes to /child/error when the upload fails', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/documents': () => json(500, { code: 'INTERNAL', message: 'x' }) });
    const { router } = await open();
    await user.click(screen.getByRole('radio', { name: /住民票の写し/ }));
    await user.click(next());
    await user.upload(screen.getByLabelText(documentCaptureText.library), photo());
    for (const check of supplementChecks.CERTIFICATE_RESIDENCE) await user.click(await screen.findByRole('checkbox', { name: check.label }));
    await user.click(send());
    await screen.findByRole('heading', { level: 1, name: pageTitles['child-error'] });
    expect(router.state.location.pathname).toBe('/child/error');
  });
});
