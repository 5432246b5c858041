import { describe, expect, it } from 'vitest';
import { validateStep } from '../src/steps/validate-step.ts';
import { areSupplementChecksComplete, mayHoldCardWithoutPhoto, supplementChecks, supplementChecksSchema } from '../src/steps/child-documents.ts';

describe('supplement checks (SPEC.md §5)', () => {
  it('asks three checks for each document', () => {
    expect(supplementChecks.CERTIFICATE_RESIDENCE.map((c) => c.key)).toEqual(['issuedWithinSixMonths', 'noDomicileOrIndividualNumber', 'clearlyLegible']);
    expect(supplementChecks.MATERNITY_HANDBOOK.map((c) => c.key)).toEqual(['wholePage', 'stampVisible', 'clearlyLegible']);
  });

  it('passes only when every check of the chosen document is ticked', () => {
    const all = { wholePage: true, stampVisible: true, clearlyLegible: true };
    expect(areSupplementChecksComplete('MATERNITY_HANDBOOK', all)).toBe(true);
    expect(areSupplementChecksComplete('MATERNITY_HANDBOOK', { ...all, stampVisible: false })).toBe(false);
    expect(areSupplementChecksComplete('CERTIFICATE_RESIDENCE', all)).toBe(false);
    expect(validateStep(supplementChecksSchema('MATERNITY_HANDBOOK'), all).ok).toBe(true);
    const missing = validateStep(supplementChecksSchema('CERTIFICATE_RESIDENCE'), { issuedWithinSixMonths: true, clearlyLegible: true });
    expect(missing.ok ? [] : missing.errors.map((e) => e.field)).toEqual(['noDomicileOrIndividualNumber']);
  });
});

describe('mayHoldCardWithoutPhoto (SPEC.md §9)', () => {
  it('is true only for a child who was under 1 on some day from 2024-12-02 on', () => {
    expect(mayHoldCardWithoutPhoto('2023-12-02')).toBe(false); // turned 1 on 2024-12-02
    expect(mayHoldCardWithoutPhoto('2023-12-03')).toBe(true);
    expect(mayHoldCardWithoutPhoto('2025-08-01')).toBe(true);
    expect(mayHoldCardWithoutPhoto('2016-05-05')).toBe(false);
    expect(mayHoldCardWithoutPhoto(null)).toBe(false);
    expect(mayHoldCardWithoutPhoto('2024-02-30')).toBe(false);
  });
});
