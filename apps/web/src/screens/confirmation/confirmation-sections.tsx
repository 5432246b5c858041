import type { ReactNode } from 'react';
import type { ApplicationParentView } from '@koza/domain/api/application';
import type { ApplicationType } from '@koza/domain/constants';
import { confirmationModel, displayText } from '@koza/domain/fields/display';
import type { PageSlug } from '@koza/domain/flows';
import type { SavedApplication } from '../../api/application.ts';
import styles from './confirmation-screen.module.css';

// The confirmation screen's sections come from the field registry (@koza/domain/fields/display):
// labels, words for codes and which rows show are declared there once; this file only renders.

export const confirmationText = {
  lead: '入力内容をご確認ください。修正する場合は各項目の「修正する」を押してください。',
  edit: '修正する',
  addressCheckTitle: '住所のご確認',
  addressCheck:
    '上記の住所が、本人確認書類（運転免許証・マイナンバーカード等）に記載の住所と一致していることをご確認ください。一致していない場合、お申込みをお受けできません。',
  childAddressCheck:
    'お子さまの住所が、住民票の写し・母子健康手帳等に記載の住所と一致していることをご確認ください。一致していない場合、お申込みをお受けできません。',
} as const;

type Row = [label: string, value: ReactNode];
export interface ConfirmationSection {
  title: string;
  /** The step the section's 修正する re-enters. */
  slug: PageSlug;
  rows: Row[];
}

function AddressParts({ parts }: { parts: readonly string[] }) {
  return (
    <>
      {parts.map((part, i) => (
        <span key={i} className={styles.addressPart}>
          {part}
        </span>
      ))}
    </>
  );
}

/** The sections of the flow's confirmation screen (the parent's too for a child application). */
export function confirmationSections(type: ApplicationType, application: SavedApplication, parent: ApplicationParentView | null): ConfirmationSection[] {
  return confirmationModel(type, application, parent).map((section) => ({
    title: section.title,
    slug: section.slug,
    rows: section.rows.map(({ label, value }): Row => [label, typeof value === 'string' ? value : <AddressParts parts={value} />]),
  }));
}

export { displayText };
