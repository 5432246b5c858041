import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockAdminApi, renderAdmin } from '../../test/render.tsx';

const member = (over: object) => ({
  id: 'm1',
  loginId: 'approver.fukuoka',
  displayName: '承認 次郎',
  role: 'REVIEWER',
  bankCode: '0177',
  bankName: 'ふくおか銀行',
  locked: false,
  signInLimitedUntil: null,
  disabled: false,
  totpEnabled: true,
  createdAt: '2026-11-26T09:00:00+09:00',
  createdBy: '管理 太郎',
  confirmedBy: null,
  awaitingConfirmation: true,
  pendingRole: null,
  pendingPasswordReset: false,
  pendingSecondFactorReset: false,
  pendingDisable: false,
  pendingEnable: false,
  pendingUnlock: false,
  changedBy: ['管理 太郎'],
  oidcSubject: null,
  pendingOidcSubject: null,
  pendingOidcUnlink: false,
  lastOidcSignInAt: null,
  ...over,
});

describe('staff screen', () => {
  it('shows who created and who confirmed each account, and a waiting account’s confirmation', async () => {
    let items = [member({})];
    const api = mockAdminApi('ADMIN', {
      'GET /api/admin/staff': () => json(200, { items }),
      'POST /api/admin/staff/m1/confirm': () => {
        items = [member({ awaitingConfirmation: false, confirmedBy: '管理 次郎', changedBy: [] })];
        return json(200, { awaitingConfirmation: false, oneTimePassword: 'abcd-EFGH-jk23-MN45' });
      },
    });
    renderAdmin('/staff');
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /approver\.fukuoka/ });
    expect(within(row).getByRole('cell', { name: '管理 太郎' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: '確認待ち（別の管理者の確認後にログイン可）' })).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'approver.fukuoka の確認' }));
    const dialog = screen.getByRole('dialog', { name: 'approver.fukuoka の確認' });
    expect(within(dialog).getByText(/approver\.fukuoka（承認 次郎）の確認待ちの変更（作成・権限変更・リセット・利用停止）を確認しますか？/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '確認する' }));
    const done = await screen.findByText('approver.fukuoka の変更を確認しました。');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(bodiesSentTo(api, 'POST /api/admin/staff/m1/confirm')).toHaveLength(1);
    expect(await screen.findByRole('cell', { name: '管理 次郎' })).toBeTruthy();
    // The server's one-time password, shown once to the confirming ADMIN, for the member in person.
    const handed = screen.getByRole('region', { name: 'approver.fukuoka（承認 次郎）の初期パスワード' });
    expect(within(handed).getByLabelText('初期パスワード').textContent).toBe('abcd-EFGH-jk23-MN45');
    await user.click(within(handed).getByRole('button', { name: '伝えたので閉じる' }));
    expect(screen.queryByText('abcd-EFGH-jk23-MN45')).toBeNull();
  });

  it('asks before stopping an account, naming the member and the consequence; キャンセル stops nothing', async () => {
    const api = mockAdminApi('ADMIN', {
      'GET /api/admin/staff': () => json(200, { items: [member({ awaitingConfirmation: false, confirmedBy: '管理 次郎' })] }),
      'POST /api/admin/staff/m1/disable': () => json(200, { awaitingConfirmation: false, oneTimePassword: null }),
    });
    renderAdmin('/staff');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'approver.fukuoka の利用停止' }));
    const dialog = screen.getByRole('dialog', { name: 'approver.fukuoka の利用停止' });
    expect(
      within(dialog).getByText(
        'approver.fukuoka（承認 次郎）を利用停止しますか？ログイン中の場合はログアウトされ、承認申請・取消申請は取り下げられます。管理者の利用停止は別の管理者の確認後に行われます。',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(bodiesSentTo(api, 'POST /api/admin/staff/m1/disable')).toEqual([]);
  });

  it('sends a role change with the chosen role', async () => {
    let items = [member({ awaitingConfirmation: false, changedBy: [] })];
    const api = mockAdminApi('ADMIN', {
      'GET /api/admin/staff': () => json(200, { items }),
      'POST /api/admin/staff/m1/role': () => {
        items = [member({ awaitingConfirmation: false, pendingRole: 'VIEWER' })];
        return json(200, { awaitingConfirmation: true, oneTimePassword: null });
      },
    });
    renderAdmin('/staff');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'approver.fukuoka の権限変更' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('新しい権限'), '閲覧者');
    await user.click(within(dialog).getByRole('button', { name: '権限を変更する' }));
    expect(await screen.findByText('approver.fukuoka の権限変更を受け付けました。別の管理者の確認後に有効になります。')).toBeTruthy();
    expect(bodiesSentTo(api, 'POST /api/admin/staff/m1/role')).toEqual([{ role: 'VIEWER' }]);
    expect(await screen.findByRole('cell', { name: '権限変更（閲覧者へ）の確認待ち（依頼：管理 太郎）' })).toBeTruthy();
  });

  it('links a member to the bank identity provider’s subject (waiting for a second ADMIN), and shows the link and the last sign-in through it', async () => {
    let items = [
      member({ awaitingConfirmation: false, changedBy: [] }),
      member({
        id: 'm2',
        loginId: 'linked.fukuoka',
        awaitingConfirmation: false,
        changedBy: [],
        oidcSubject: 'sub-linked-2',
        lastOidcSignInAt: '2026-12-01T09:30:00+09:00',
      }),
    ];
    const api = mockAdminApi('ADMIN', {
      'GET /api/admin/sign-in-options': () => json(200, { provider: true, localSignIn: 'on' }),
      'GET /api/admin/staff': () => json(200, { items }),
      'POST /api/admin/staff/m1/oidc-link': () => {
        items = [member({ awaitingConfirmation: false, pendingOidcSubject: 'sub-abc-1' }), items[1]!];
        return json(200, { awaitingConfirmation: true, oneTimePassword: null });
      },
    });
    renderAdmin('/staff');
    const user = userEvent.setup();
    const linked = await screen.findByRole('row', { name: /linked\.fukuoka/ });
    expect(within(linked).getByRole('cell', { name: /sub-linked-2\s*最終ログイン/ })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'approver.fukuoka の認証基盤に紐付け' }));
    const dialog = screen.getByRole('dialog', { name: 'approver.fukuoka の認証基盤に紐付け' });
    // An empty or spaced subject is refused on the field before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: '紐付ける' }));
    expect(await within(dialog).findByText('認証基盤の利用者ID（sub）を1〜255文字の半角英数字・記号で入力してください。')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('認証基盤の利用者ID（sub）'), 'sub-abc-1');
    await user.click(within(dialog).getByRole('button', { name: '紐付ける' }));
    expect(await screen.findByText('approver.fukuoka の認証基盤に紐付けを受け付けました。別の管理者の確認後に有効になります。')).toBeTruthy();
    expect(bodiesSentTo(api, 'POST /api/admin/staff/m1/oidc-link')).toEqual([{ subject: 'sub-abc-1' }]);
    expect(await screen.findByRole('cell', { name: '認証基盤の紐付け（sub-abc-1）の確認待ち（依頼：管理 太郎）' })).toBeTruthy();
  });
});
