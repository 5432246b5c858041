import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminMessages } from '@koza/domain/admin/messages';
import { addressMismatchCase } from '../../test/fixtures.ts';
import { bodiesSentTo, json, mockAdminApi, renderAdmin } from '../../test/render.tsx';

const url = 'GET /api/admin/applications/app-1';

describe('case view: the applicant’s answers', () => {
  it('shows the answers in the confirmation screen’s sections and words (the field registry), the address on one line with its postal code', async () => {
    mockAdminApi('REVIEWER', { [url]: () => json(200, addressMismatchCase()) });
    renderAdmin('/applications/app-1');
    expect(await screen.findByRole('heading', { name: '申込者（一般（18歳以上））' })).toBeTruthy();
    const answers = screen.getByRole('region', { name: 'お客さま情報' });
    const value = (label: string) => within(answers).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('性別')).toBe('男性');
    expect(value('住所')).toBe('〒810-0001 福岡県 福岡市中央区 天神１丁目 １－１');
    expect(within(answers).queryByText('郵便番号', { selector: 'dt' })).toBeNull();
    expect(value('生年月日')).toBe('1990年（平成2年）4月1日');
    expect(value('お取引の目的')).toBe('生活費決済、貯蓄・資産運用');
    expect(value('メールアドレス')).toBe('taro@example.jp');
    expect(within(answers).queryByText('MAN')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'お取引支店' })).getByText('本店営業部（100）')).toBeTruthy();
  });

  it('puts the child and the parent side by side with the relationship', async () => {
    const childCase = addressMismatchCase({
      applicationType: 'CHILD',
      application: { ...addressMismatchCase().application, applicationType: 'CHILD', firstName: '花子', gender: 'WOMAN' },
      applicationParent: {
        lastName: '山田',
        firstName: '太郎',
        kanaLastName: 'ﾔﾏﾀﾞ',
        kanaFirstName: 'ﾀﾛｳ',
        birthday: '1985-05-05',
        relationship: 'FATHER',
        mobilePhoneNumber: '090-0000-0000',
        proxyApplicationReason: 'minor',
      },
    });
    mockAdminApi('REVIEWER', { [url]: () => json(200, childCase) });
    renderAdmin('/applications/app-1');
    expect(await screen.findByText('続柄：親権者はお子さまの父')).toBeTruthy();
    const child = screen.getByRole('region', { name: 'お子さまの情報' });
    const parent = screen.getByRole('region', { name: '親権者さまの情報' });
    expect(child.parentElement).toBe(parent.parentElement);
    expect(child.parentElement?.className).toBe('side-by-side');
    expect(within(child).getByText('女性')).toBeTruthy();
    expect(within(parent).getByText('父')).toBeTruthy();
    expect(within(parent).getByText('1985年（昭和60年）5月5日')).toBeTruthy();
  });
});

describe('case view: what the eKYC provider checked', () => {
  it('puts the provider’s read data beside the typed data and marks the address that differs', async () => {
    mockAdminApi('REVIEWER', { [url]: () => json(200, addressMismatchCase()) });
    renderAdmin('/applications/app-1');
    expect(await screen.findByText('本人確認済み・住所不一致（現住所確認書類で確認）')).toBeTruthy();
    const table = screen.getByRole('table', { name: /申込内容と本人確認書類の読取結果：1項目が不一致/ });
    const address = within(table).getByRole('row', { name: /住所/ });
    expect(within(address).getByRole('cell', { name: '福岡県福岡市中央区天神２丁目１－１' }).className).toContain('diff');
    expect(within(address).getByRole('cell', { name: '不一致' })).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /お名前/ })).getByRole('cell', { name: '一致' })).toBeTruthy();
  });

  it('shows the photos the provider checked, from the provider, with the same viewer', async () => {
    mockAdminApi('REVIEWER', { [url]: () => json(200, addressMismatchCase()) });
    renderAdmin('/applications/app-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '本人確認事業者が確認した画像を表示（2件）' }));
    const list = screen.getByRole('list', { name: '本人確認事業者が確認した画像' });
    const face = within(list).getByRole('img', { name: '容貌（顔写真）' }) as HTMLImageElement;
    expect(face.getAttribute('src')).toBe('/api/admin/applications/app-1/ekyc-images/face');
    expect(within(list).getByRole('img', { name: '本人確認書類（表面）' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: '容貌（顔写真）を右に90度回転' })).toBeTruthy();
  });

  it('shows a JPKI check’s certificate items instead of photos', async () => {
    const jpki = addressMismatchCase();
    jpki.ekyc = {
      ...jpki.ekyc!,
      method: 'JPKI',
      providerStatus: 'PASSED',
      supplementRequired: false,
      images: [],
      certificate: {
        name: '山田\u3000太郎',
        birthday: '1990-04-01',
        address: '福岡県福岡市中央区天神１丁目１－１',
        gender: '男',
        serialNumber: '0123456789ABCDEF',
        notBefore: '2026-04-05T10:00:00+09:00',
        notAfter: '2031-04-05T10:00:00+09:00',
      },
    };
    mockAdminApi('REVIEWER', { [url]: () => json(200, jpki) });
    renderAdmin('/applications/app-1');
    expect(await screen.findByRole('heading', { name: '署名用電子証明書の記載事項（基本4情報）' })).toBeTruthy();
    expect(screen.getByText('0123456789ABCDEF')).toBeTruthy();
    expect(screen.getByText('男')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /本人確認事業者が確認した画像/ })).toBeNull();
  });
});

describe('case view: the documents', () => {
  it('zooms and rotates a document image', async () => {
    mockAdminApi('REVIEWER', { [url]: () => json(200, addressMismatchCase()) });
    renderAdmin('/applications/app-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '書類画像を表示（1件）' }));
    const image = screen.getByRole('img', { name: '現住所確認書類（1枚目）' });
    await user.click(screen.getByRole('button', { name: '現住所確認書類（1枚目）を拡大' }));
    await user.click(screen.getByRole('button', { name: '現住所確認書類（1枚目）を右に90度回転' }));
    expect(within(image.closest('figure')!).getByText('150%・90度')).toBeTruthy();
    // The turned image sits at the top left of a box as wide as the zoom: the frame scrolls over all of it.
    expect(image.style.transform).toBe('rotate(90deg) translateY(-100%)');
    expect(image.parentElement!.style.width).toBe('150%');
  });
});

describe('case view: the decision', () => {
  it('offers the proposer no approval; another member approves through a confirmation naming the applicant', async () => {
    const proposed = addressMismatchCase({
      case: {
        proposedBy: { id: 'staff-other', displayName: '審査 一郎' },
        proposedAt: '2026-11-25T09:00:00+09:00',
        assignedTo: null,
        cancelProposedBy: null,
        cancelReason: null,
        actions: ['approve', 'reject', 'take'],
        history: [],
      },
    });
    const api = mockAdminApi('REVIEWER', {
      [url]: () => json(200, proposed),
      'POST /api/admin/applications/app-1/approve': () => json(200, { applicationNumber: proposed.applicationNumber }),
    });
    renderAdmin('/applications/app-1');
    const user = userEvent.setup();
    expect(await screen.findByText(/承認申請中：審査 一郎/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '承認する' }));
    const dialog = screen.getByRole('dialog', { name: 'このお申込みを承認しますか？' });
    expect(within(dialog).getByText(/山田 太郎 さま（受付番号 0177-20261126-000123）のお申込みを承認します/)).toBeTruthy();
    expect(within(dialog).getByText(/暗証番号を消去します。元に戻せません。/)).toBeTruthy();
    expect(bodiesSentTo(api, 'POST /api/admin/applications/app-1/approve')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '承認を確定する' }));
    const done = await screen.findByText('承認しました。');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(bodiesSentTo(api, 'POST /api/admin/applications/app-1/approve')).toHaveLength(1);
  });

  it('shows the API’s refusal of a self-confirmation in the dialog', async () => {
    const proposed = addressMismatchCase({ case: { ...addressMismatchCase().case, actions: ['approve'] } });
    mockAdminApi('REVIEWER', {
      [url]: () => json(200, proposed),
      'POST /api/admin/applications/app-1/approve': () => json(403, { code: 'FOUR_EYES', message: adminMessages.ownProposal }),
    });
    renderAdmin('/applications/app-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '承認する' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '承認を確定する' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveProperty('textContent', adminMessages.ownProposal);
  });

  it('offers only what the state allows: nothing for an ADMIN, no cancel right after approval', async () => {
    mockAdminApi('ADMIN', { [url]: () => json(200, addressMismatchCase({ case: { ...addressMismatchCase().case, actions: [] } })) });
    renderAdmin('/applications/app-1');
    await screen.findByRole('heading', { name: /申込詳細/ });
    expect(screen.queryByRole('button', { name: /承認|否認|取消|担当/ })).toBeNull();
  });

  it('rejects with a reason chosen from the list (checked before sending), kept with the free words', async () => {
    const api = mockAdminApi('REVIEWER', {
      [url]: () => json(200, addressMismatchCase()),
      'POST /api/admin/applications/app-1/reject': () => json(200, { applicationNumber: 'x' }),
    });
    renderAdmin('/applications/app-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '否認する' }));
    const dialog = screen.getByRole('dialog', { name: 'このお申込みを否認しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '否認を確定する' }));
    const choice = within(dialog).getByLabelText('否認理由');
    expect(choice.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(adminMessages.reasonChoiceRequired)).toBeTruthy();
    expect(bodiesSentTo(api, 'POST /api/admin/applications/app-1/reject')).toEqual([]);
    await user.selectOptions(choice, '現住所が確認できない');
    await user.type(within(dialog).getByLabelText(/補足/), '書類の住所が旧住所');
    await user.click(within(dialog).getByRole('button', { name: '否認を確定する' }));
    expect(await screen.findByText('否認しました。')).toBeTruthy();
    expect(bodiesSentTo(api, 'POST /api/admin/applications/app-1/reject')).toEqual([
      { reasonCode: 'ADDRESS_UNCONFIRMED', reason: '書類の住所が旧住所', shareableReason: null },
    ]);
  });

  it('takes the case and moves the focus to the outcome', async () => {
    const api = mockAdminApi('REVIEWER', { [url]: () => json(200, addressMismatchCase()), 'POST /api/admin/applications/app-1/take': () => json(204) });
    renderAdmin('/applications/app-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '担当する' }));
    const done = await screen.findByText('担当者に設定しました。');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(bodiesSentTo(api, 'POST /api/admin/applications/app-1/take')).toHaveLength(1);
  });
});
