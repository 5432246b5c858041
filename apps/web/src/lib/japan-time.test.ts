import { describe, expect, it } from 'vitest';
import { formatJapanDateTime } from './japan-time.ts';

describe('formatJapanDateTime', () => {
  it('writes year, month, day and hour:minute without leading zeros on month, day and hour', () => {
    expect(formatJapanDateTime('2025-01-12T01:00:00+09:00')).toBe('2025年1月12日 1:00');
    expect(formatJapanDateTime('2025-11-05T23:05:00+09:00')).toBe('2025年11月5日 23:05');
  });

  it('shows Japan time whatever offset the instant is written in', () => {
    expect(formatJapanDateTime('2025-05-17T15:30:00Z')).toBe('2025年5月18日 0:30');
  });
});
