import type { AddressItem } from '../api/application.ts';
import { Button } from '../components/button.tsx';
import { Modal } from '../components/modal.tsx';
import { addressText } from './address-entry.ts';
import styles from './personal-sections.module.css';

/** The towns the postal code matches, to choose from, and 該当する住所がない (null: the temporary address). */
export function AddressChooser({
  found,
  onChoose,
  onClose,
}: {
  found: AddressItem[] | null;
  onChoose: (item: AddressItem | null) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={found !== null}
      title={addressText.chooserTitle}
      narrow
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {addressText.close}
        </Button>
      }
    >
      <p className={styles.chooserLead}>{addressText.chooserLead}</p>
      <ul className={styles.chooserList}>
        {(found ?? []).map((item) => (
          <li key={item.id}>
            <button type="button" className={styles.chooserItem} onClick={() => onChoose(item)}>
              {item.addressFull}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={styles.chooserItem} onClick={() => onChoose(null)}>
            {addressText.noMatch}
          </button>
        </li>
      </ul>
    </Modal>
  );
}
