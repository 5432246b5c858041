// /child/ekyc-identification-documents and /child/ekyc-supplementary-documents (the document steps):
// what the applicant must confirm about each photo before Next (SPEC.md §2.5, §5 "Supplement checks",
// §9), and when the child's individual number card may have no photo. Uploaded with POST
// /api/documents (type and image); nothing else is posted.

import { z } from 'zod';
import { messages } from '../messages.ts';
import type { DocumentType } from '../constants.ts';
import { compareDates, parseIsoDate } from '../dates.ts';
import { tickedSchema } from '../fields/choices.ts';

export const identificationSlug = 'child-ekyc-identification-documents';
export const supplementarySlug = 'child-ekyc-supplementary-documents';

/** The child's identity document: the individual number card. */
export const identificationDocumentType = 'INDIVIDUAL_NUMBER_CARD' as const satisfies DocumentType;

/** The supplementary document: one of these two, the applicant's choice (select state). */
export const supplementaryDocumentTypes = ['CERTIFICATE_RESIDENCE', 'MATERNITY_HANDBOOK'] as const satisfies readonly DocumentType[];
export type SupplementaryDocumentType = (typeof supplementaryDocumentTypes)[number];

export const supplementaryDocumentLabels: Readonly<Record<SupplementaryDocumentType, string>> = {
  CERTIFICATE_RESIDENCE: '住民票の写し',
  MATERNITY_HANDBOOK: '母子健康手帳',
};

/** A certificate of residence is accepted within this many months of its issue (SPEC.md §9). */
export const certificateValidMonths = 6;

/**
 * The checks of SPEC.md §5, each a checkbox that must be ticked before Next (confirm state). The
 * keys are stable; the labels are the screen's text.
 */
export const supplementChecks = {
  CERTIFICATE_RESIDENCE: [
    { key: 'issuedWithinSixMonths', label: `発行日から${certificateValidMonths}か月以内のものです` },
    { key: 'noDomicileOrIndividualNumber', label: '本籍地・個人番号（マイナンバー）が記載されていません' },
    { key: 'clearlyLegible', label: '文字がはっきりと読み取れます' },
  ],
  MATERNITY_HANDBOOK: [
    { key: 'wholePage', label: 'ページ全体が写っています' },
    { key: 'stampVisible', label: '交付印（押印）が写っています' },
    { key: 'clearlyLegible', label: '文字がはっきりと読み取れます' },
  ],
} as const satisfies Record<SupplementaryDocumentType, readonly { key: string; label: string }[]>;

type CheckKey<T extends SupplementaryDocumentType> = (typeof supplementChecks)[T][number]['key'];

/** Every check of the chosen document ticked (true); Next stays disabled otherwise. */
export const supplementChecksSchema = <T extends SupplementaryDocumentType>(type: T) =>
  z.object(
    Object.fromEntries(supplementChecks[type].map((c) => [c.key, tickedSchema(messages.selectRequired)])) as Record<
      CheckKey<T>,
      ReturnType<typeof tickedSchema>
    >,
  );

export const areSupplementChecksComplete = (type: SupplementaryDocumentType, ticked: Readonly<Record<string, boolean | undefined>>): boolean =>
  supplementChecks[type].every((c) => ticked[c.key] === true);

/**
 * SPEC.md §9: an individual number card without a photo is issued to a child who applied under the
 * age of 1 on or after 2024-12-02. A child who was under 1 on some day from 2024-12-02 on was born
 * after 2023-12-02; only for such a child does the card page show the photo-less case.
 */
export const cardWithoutPhotoSince = '2024-12-02';
export const mayHoldCardWithoutPhoto = (childBirthday: string | null | undefined): boolean => {
  const born = childBirthday ? parseIsoDate(childBirthday) : null;
  const since = parseIsoDate(cardWithoutPhotoSince)!;
  return born !== null && compareDates(born, { ...since, year: since.year - 1 }) > 0;
};
