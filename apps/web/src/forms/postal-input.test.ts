import { describe, expect, it } from 'vitest';
import { postalInput } from './postal-input.ts';

describe('postal-code input', () => {
  it.each([
    ['8', '8', '8'],
    ['810', '810', '810'],
    ['8100', '8100', '810-0'],
    ['8100001', '8100001', '810-0001'],
    ['810-0001', '8100001', '810-0001'],
    ['８１０－０００１', '8100001', '810-0001'],
    ['〒810-0001', '8100001', '810-0001'],
    ['81000012', '8100001', '810-0001'],
    ['81a0-00b01', '8100001', '810-0001'],
    ['810-', '810', '810'],
    ['', '', ''],
  ])('%j keeps the digits %j and shows %j', (raw, digits, display) => {
    expect(postalInput(raw)).toEqual({ digits, display });
  });
});
