import { useState, type FormEvent } from 'react';
import type { EkycMethod } from '@koza/domain/constants';
import { messages } from '@koza/domain/messages';
import { certificateValidMonths, supplementaryDocumentLabels } from '@koza/domain/steps/child-documents';
import { PanelList, PanelSection } from '../../components/panel-section.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { useEkycMethod } from '../../api/queries.ts';
import { useFlow } from '../../lib/flow.ts';
import { useBank } from '../../lib/bank-context.tsx';
import { BlockedNotice } from '../../components/blocked-notice.tsx';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import panel from '../../components/panel.module.css';

const slug = 'child-ekyc-preparation';

// UI wording of this screen; the document names come from the domain.
export const childEkycPreparationText = {
  lead: 'お子さまの口座開設には、お子さまのマイナンバーカードと補完書類の写真、親権者さまの本人確認が必要です。次の順にお手続きください。',
  documentsTitle: 'ご用意いただくもの',
  card: 'お子さまのマイナンバーカード',
  supplementary: `お子さまの${supplementaryDocumentLabels.CERTIFICATE_RESIDENCE}（発行日から${certificateValidMonths}か月以内）または${supplementaryDocumentLabels.MATERNITY_HANDBOOK}`,
  parent: {
    PHOTO_ID_AND_FACE: '親権者さまの本人確認書類（運転免許証・マイナンバーカードなど）',
    JPKI: '親権者さまのマイナンバーカードと署名用電子証明書のパスワード',
  } satisfies Record<EkycMethod, string>,
  stepsTitle: 'お手続きの流れ',
  steps: [
    'お子さまのマイナンバーカードの表面を撮影します',
    `${supplementaryDocumentLabels.CERTIFICATE_RESIDENCE}または${supplementaryDocumentLabels.MATERNITY_HANDBOOK}を選んで撮影し、記載内容を確認します`,
    '親権者さまご本人の本人確認を、外部の本人確認サービスで行います',
  ],
  note: '撮影した写真は、口座開設のお申込みの確認にのみ利用します。マイナンバーカードの裏面（個人番号が記載された面）は撮影しないでください。',
  /** From the amended ordinance on (decision 0248): the child's own card is read by its IC chip. */
  chip: {
    lead: '2027年4月1日から、法令の改正により、お子さまの本人確認はお子さまご本人のマイナンバーカードのICチップの読み取りとお顔の撮影で行います。書類の写真の撮影は不要です。',
    documents: [
      'お子さまのマイナンバーカード（ICチップ付き・顔写真付き）',
      'お子さまのカードの暗証番号（数字4桁）',
      '親権者さまのマイナンバーカードと署名用電子証明書のパスワード',
      'NFCに対応したスマートフォン',
    ],
    steps: [
      '外部の本人確認サービスの画面で、お子さまのマイナンバーカードのICチップを読み取ります',
      'お子さまのお顔を撮影します（お子さまとご一緒にお手続きください）',
      '続けて、親権者さまご本人の本人確認を行います',
    ],
    question: 'お子さまのICチップ付きのマイナンバーカード（顔写真付き）をお手元にご用意いただけますか？',
    yes: 'はい',
    no: 'いいえ',
  },
} as const;

type ChipAnswer = 'yes' | 'no';

/**
 * /child/ekyc-preparation: what to prepare for the child's documents and the
 * parent's identity check (the parent's documents by the eKYC method in force), then Next to the
 * photo of the child's individual number card. Nothing is saved here.
 */
export function ChildEkycPreparationScreen() {
  const flow = useFlow(slug);
  const method = useEkycMethod();
  const [chip, setChip] = useState<ChipAnswer | undefined>(undefined);
  const bank = useBank();
  // The method in force today, as the API says: JPKI from the amended ordinance on (2027-04-01).
  const byChip = method === 'JPKI';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!byChip) flow.next();
    else if (chip === 'yes') flow.exit('documentsByChip');
  };
  const text = childEkycPreparationText;
  if (byChip) {
    return (
      <StepScreen slug={slug} onSubmit={onSubmit} busy={chip !== 'yes'}>
        <p className={panel.lead}>{text.chip.lead}</p>
        <PanelSection title={text.documentsTitle}>
          <PanelList items={text.chip.documents} />
        </PanelSection>
        <PanelSection title={text.stepsTitle}>
          <PanelList items={text.chip.steps} ordered />
        </PanelSection>
        <ChoiceGroup
          legend={text.chip.question}
          inline
          options={[
            { value: 'yes', label: text.chip.yes },
            { value: 'no', label: text.chip.no },
          ]}
          value={chip}
          onChange={setChip}
          feedback={
            chip === 'no' ? (
              <BlockedNotice message={messages.childChipUnavailable} note={messages.childChipUnavailableNote} branchSearchUrl={bank.links.branchSearch} />
            ) : undefined
          }
        />
      </StepScreen>
    );
  }
  return (
    <StepScreen slug={slug} onSubmit={onSubmit} loading={method === null}>
      <p className={panel.lead}>{text.lead}</p>
      <PanelSection title={text.documentsTitle}>
        <PanelList items={method ? [text.card, text.supplementary, text.parent[method]] : [text.card, text.supplementary]} />
      </PanelSection>
      <PanelSection title={text.stepsTitle}>
        <PanelList items={text.steps} ordered />
      </PanelSection>
      <p>{text.note}</p>
    </StepScreen>
  );
}
