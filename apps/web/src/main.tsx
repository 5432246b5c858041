// Global styles first, so that component styles (CSS Modules) come after them in the bundle.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getBank } from '@koza/domain/banks/banks';
import { App } from './app/app.tsx';
import { resolveBankCode } from './lib/current-bank.ts';
import { applyBankTheme } from './lib/theme.ts';

const bank = getBank(resolveBankCode());
applyBankTheme(bank);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App bank={bank} />
  </StrictMode>,
);
