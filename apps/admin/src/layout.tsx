import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { roleLabels } from '@koza/domain/admin/roles';
import { useSession } from './session.tsx';
import { SignInScreen } from './screens/sign-in.tsx';
import { TotpSetupScreen } from './screens/totp-setup.tsx';
import { ForcedPasswordScreen } from './screens/forced-password.tsx';
import { formatDateTime } from './format.ts';
import { Loading } from './route-states.tsx';

/** Header, navigation by permission, and the screen; the sign-in screen while nobody is signed in. */
export function Layout() {
  const { session, loading, signOut, can } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // While the next screen's chunk loads, the current one stays; this says so (decision 0214).
  const navigation = useNavigation();
  const switching = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  useEffect(() => {
    document.getElementById('main')?.focus();
  }, [location.pathname]);

  if (loading) return <Loading />;
  if (!session) return <SignInScreen />;
  // A password someone else set is changed first, then the second factor is registered.
  if (session.passwordChangeRequired) return <ForcedPasswordScreen />;
  if (session.totpSetupRequired) return <TotpSetupScreen />;

  return (
    <div className="shell">
      {/* The first tab stop: past the header and menu straight to the screen (WCAG 2.4.1). */}
      <a
        href="#main"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        本文へスキップ
      </a>
      <header className="header">
        <p className="brand">{session.staff.bankName} Web口座開設 管理画面</p>
        <nav aria-label="メニュー">
          <ul className="nav">
            <li>
              <NavLink to="/" end>
                申込一覧
              </NavLink>
            </li>
            {can('announcements.read') && (
              <>
                <li>
                  <NavLink to="/maintenance">メンテナンス</NavLink>
                </li>
                <li>
                  <NavLink to="/notices">お知らせ</NavLink>
                </li>
              </>
            )}
            {can('funnel.read') && (
              <li>
                <NavLink to="/funnel">申込ファネル</NavLink>
              </li>
            )}
            {can('staff.manage') && (
              <li>
                <NavLink to="/staff">職員管理</NavLink>
              </li>
            )}
            {can('audit.read') && (
              <li>
                <NavLink to="/audit">操作ログ</NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className="who">
          <span>
            {session.staff.displayName}（{roleLabels[session.staff.role]}）
          </span>
          <NavLink to="/password">パスワード変更</NavLink>
          <NavLink to="/passkeys">パスキー</NavLink>
          <button type="button" className="secondary" onClick={() => void signOut().then(() => navigate('/'))}>
            ログアウト
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <p className="previous-sign-in">
          {session.previousSignIn
            ? `前回のログイン：${formatDateTime(session.previousSignIn.at)}（接続元 ${session.previousSignIn.ipAddress ?? '不明'}）。心当たりがない場合は管理者に連絡してください。`
            : '前回のログイン：なし（初めてのログインです）'}
        </p>
        <p className="switching" role="status">
          {switching ? '画面を読み込んでいます…' : ''}
        </p>
        <Outlet />
      </main>
    </div>
  );
}
