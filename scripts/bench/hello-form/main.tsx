// The bench's peer (scripts/bench/web.ts): the smallest React 19 + Vite form an applicant could be
// shown, client-rendered with createRoot. Its Lighthouse figures, measured in the same run as the
// web's, say what React itself costs on this machine.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function HelloForm() {
  const [name, setName] = useState('');
  const [sent, setSent] = useState(false);
  return (
    <main style={{ fontFamily: 'sans-serif', maxWidth: 480, margin: '0 auto', padding: 16 }}>
      <h1>お名前の入力</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSent(true);
        }}
      >
        <label htmlFor="name">お名前</label>
        <input
          id="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          style={{ display: 'block', fontSize: 16, width: '100%', margin: '8px 0' }}
        />
        <button type="submit" style={{ fontSize: 16, minHeight: 44 }}>
          次へ
        </button>
      </form>
      {sent && <p role="status">{name} さん、ありがとうございます。</p>}
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <HelloForm />
  </StrictMode>,
);
