import { Link } from 'react-router';

export function NotFoundScreen() {
  return (
    <>
      <h1>ページが見つかりません</h1>
      <p>
        <Link to="/">申込一覧へ戻る</Link>
      </p>
    </>
  );
}
