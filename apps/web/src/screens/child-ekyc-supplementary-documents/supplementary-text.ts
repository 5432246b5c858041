import { certificateValidMonths, supplementaryDocumentLabels as labels, type SupplementaryDocumentType } from '@koza/domain/steps/child-documents';

// UI wording of /child/ekyc-supplementary-documents; the document names and the checks come from
// the domain (steps/child-documents.ts).
export const supplementaryText = {
  select: {
    title: '補完書類を選んでください',
    legend: 'お送りいただく書類（どちらか1点）',
    details: 'お子さまの氏名・住所・生年月日を確認するための書類です。',
    descriptions: {
      CERTIFICATE_RESIDENCE: `お子さまが記載された、発行日から${certificateValidMonths}か月以内のもの（本籍地・個人番号の記載がないもの）`,
      MATERNITY_HANDBOOK: 'お子さまの氏名と、出生届出済証明の交付印があるページ',
    } satisfies Record<SupplementaryDocumentType, string>,
  },
  camera: {
    title: (type: SupplementaryDocumentType) => `${labels[type]}を撮影してください`,
    hints: {
      CERTIFICATE_RESIDENCE: [
        'お子さまの氏名・住所・生年月日と発行日が写るように撮影してください。',
        '本籍地や個人番号（マイナンバー）が記載されている場合は、その部分を隠して撮影してください。',
        '明るい場所で、文字がはっきり読み取れるように撮影してください。',
      ],
      MATERNITY_HANDBOOK: [
        '出生届出済証明のページを、ページ全体が写るように撮影してください。',
        '市区町村の交付印（押印）が写るようにしてください。',
        '明るい場所で、文字がはっきり読み取れるように撮影してください。',
      ],
    } satisfies Record<SupplementaryDocumentType, readonly string[]>,
  },
  confirm: {
    title: '撮影した写真をご確認ください',
    legend: '次の点をすべてご確認のうえ、チェックしてください',
    previewAlt: (type: SupplementaryDocumentType) => `撮影した${labels[type]}の写真`,
    send: '送信して次へ',
  },
} as const;
