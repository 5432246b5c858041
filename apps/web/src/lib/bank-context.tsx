import { createContext, useContext, type ReactNode } from 'react';
import type { Bank } from '@koza/domain/banks/banks';

const BankContext = createContext<Bank | null>(null);

export function BankProvider({ bank, children }: { bank: Bank; children: ReactNode }) {
  return <BankContext.Provider value={bank}>{children}</BankContext.Provider>;
}

/** The bank this page is served for: one row of data, never a code branch per bank. */
export function useBank(): Bank {
  const bank = useContext(BankContext);
  if (!bank) throw new Error('useBank must be used inside <BankProvider>');
  return bank;
}
