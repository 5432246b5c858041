import { useBank } from '../lib/bank-context.tsx';
import { KeepTogether } from './keep-together.tsx';
import styles from './bank-contact.module.css';

export const bankContactText = {
  callLabel: (phone: string) => `電話をかける ${phone}`,
} as const;

/** The bank's contact point inside a panel: centre, a phone number to tap, reception hours. */
export function BankContact() {
  const { contact } = useBank();
  return (
    <>
      <p className={styles.centre}>{contact.centreName}</p>
      <a className={styles.phone} href={`tel:${contact.phoneNumber.replaceAll('-', '')}`} aria-label={bankContactText.callLabel(contact.phoneNumber)}>
        {contact.phoneNumber}
      </a>
      <p className={styles.hours}>
        <KeepTogether>{contact.receptionHours}</KeepTogether>
      </p>
    </>
  );
}
