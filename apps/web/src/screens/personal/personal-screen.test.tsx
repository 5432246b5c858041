import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { arrivedByNext, renderApp } from '../../test/render-app.tsx';
import { callsTo, json, mockApi, savedApplications } from '../../test/api-mock.ts';
import { pageTitles } from '@koza/domain/flows';
import { personalText } from '../../forms/personal-section.tsx';

// The kana suggestion of the address below the street (decision 0041): what the applicant sees in
// the kana field after leaving the kanji field, including when the answer comes late.

const searched = savedApplications({
  postalNumber: '8100001',
  addressCode: '401330000',
  addressPrefecture: '福岡県',
  addressMunicipality: '福岡市中央区',
  addressSection: '天神',
  addressChome: '',
  kanaAddressPrefecture: 'ﾌｸｵｶｹﾝ',
  kanaAddressMunicipality: 'ﾌｸｵｶｼﾁｭｳｵｳｸ',
  kanaAddressSection: 'ﾃﾝｼﾞﾝ',
  kanaAddressChome: '',
});

function furiganaApi(answer: Promise<void>) {
  return mockApi({
    'GET /api/applications': () => json(200, searched),
    'GET /api/furigana': async ({ url }) => {
      await answer;
      return json(200, { kana: url.searchParams.get('kanji') === '天神一丁目' ? 'ﾃﾝｼﾞﾝｲｯﾁｮｳﾒ' : 'ｶﾅ' });
    },
  });
}

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()（）]/g, '.')}(?!.カナ)`) });

async function openPersonal() {
  renderApp(arrivedByNext('personal'));
  await screen.findByRole('heading', { level: 1, name: pageTitles.personal });
  await screen.findByText('福岡県福岡市中央区天神');
}

describe('personal screen: kana of the address', () => {
  it('fills the kana field from the kanji typed in 番地 when it is left', async () => {
    const fetchMock = furiganaApi(Promise.resolve());
    await openPersonal();
    await userEvent.type(field(personalText.address), '天神一丁目');
    await userEvent.tab();
    await waitFor(() => expect((field(personalText.kanaAddress) as HTMLInputElement).value).toBe('ﾃﾝｼﾞﾝｲﾂﾁﾖｳﾒ')); // small kana made large (SPEC.md §5)
    expect(callsTo(fetchMock, 'GET /api/furigana')).toHaveLength(1);
  });

  it('keeps kana typed while the suggestion was on its way', async () => {
    let release: () => void = () => undefined;
    const fetchMock = furiganaApi(new Promise<void>((resolve) => (release = resolve)));
    await openPersonal();
    await userEvent.type(field(personalText.address), '天神一丁目');
    await userEvent.tab();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/furigana')).toHaveLength(1));
    await userEvent.type(field(personalText.kanaAddress), 'ﾃﾝｼﾞﾝ1');
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((field(personalText.kanaAddress) as HTMLInputElement).value).toBe('ﾃﾝｼﾞﾝ1');
  });
});

describe('personal screen: postal code typed through an IME', () => {
  it('shows the composing text untouched, then keeps the digits with the hyphen when the composition ends', async () => {
    mockApi({ 'GET /api/applications': () => json(200, savedApplications()) });
    renderApp(arrivedByNext('personal'));
    await screen.findByRole('heading', { level: 1, name: pageTitles.personal });
    // The form replaces the spinner once the saved application has arrived.
    const postal = (await screen.findByRole('textbox', { name: new RegExp(`^${personalText.postal}`) })) as HTMLInputElement;

    fireEvent.compositionStart(postal);
    fireEvent.change(postal, { target: { value: '８１００' } });
    expect(postal.value).toBe('８１００');
    fireEvent.change(postal, { target: { value: '８１０００１' } });
    expect(postal.value).toBe('８１０００１');
    fireEvent.compositionEnd(postal, { target: { value: '８１０００１' } });
    expect(postal.value).toBe('810-001');

    // Without an IME each keystroke is shaped at once.
    fireEvent.change(postal, { target: { value: '810-0011' } });
    expect(postal.value).toBe('810-0011');
    fireEvent.change(postal, { target: { value: '８１２３' } });
    expect(postal.value).toBe('812-3');
  });
});
