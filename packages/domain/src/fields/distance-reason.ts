// Reason for a distance transaction (遠隔地取引の理由), SPEC.md §5. Asked by banks whose data says so,
// when the applicant lives outside the bank's home prefecture: the condition is data, not a bank code.

import { fieldLimits } from '../constants.ts';
import { maxLengthRule, optionalText, requiredText, absent } from './rule-building-blocks.ts';

export const distanceReasonMaxLength = fieldLimits.distanceReason;

export interface DistanceReasonCondition {
  /** Whether the bank asks the reason at all (Bank.asksDistanceReason). */
  asksDistanceReason: boolean;
  /** The bank's home prefecture (Bank.homePrefecture), e.g. 福岡県. */
  homePrefecture: string;
  /** The prefecture the applicant lives in (searched or temporary address); null when not known yet. */
  residencePrefecture: string | null;
}

export const isDistanceReasonRequired = (c: DistanceReasonCondition): boolean =>
  c.asksDistanceReason && c.residencePrefecture !== null && c.residencePrefecture !== c.homePrefecture;

/** Required with 1–50 characters when asked; otherwise the field is hidden and saved as null. */
export const distanceReasonSchema = (required: boolean) => (required ? requiredText({ rules: [maxLengthRule(distanceReasonMaxLength)] }) : absent());

/** Loose variant for the personal step, where whether it is asked is decided across fields. */
export const distanceReasonTextSchema = optionalText({ rules: [maxLengthRule(distanceReasonMaxLength)] });
