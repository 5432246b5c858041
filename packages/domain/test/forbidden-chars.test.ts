import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from '../src/messages.ts';
import { containsForbiddenChars } from '../src/fields/rule-building-blocks.ts';
import { namePartSchema } from '../src/fields/name.ts';
import { kanaNamePartSchema } from '../src/fields/kana-name.ts';
import {
  addressLineSchema,
  kanaAddressSchema,
  optionalKanaAddressSchema,
  searchedPartSchema,
  subAddressSchema,
  tempAddressSchema,
} from '../src/fields/address.ts';
import { workplaceNameSchema } from '../src/fields/workplace-name.ts';
import { distanceReasonSchema } from '../src/fields/distance-reason.ts';
import { purposeOtherTextSchema } from '../src/fields/purposes.ts';
import { occupationOtherSchema } from '../src/fields/occupation.ts';
import { mailSchema } from '../src/fields/mail.ts';
import { mobilePhoneSchema } from '../src/fields/phone.ts';
import { postalCodeSchema } from '../src/fields/postal-code.ts';
import { invitationCodeSchema } from '../src/fields/codes.ts';
import { verificationCodeSchema } from '../src/fields/verification-code.ts';

// One rule, in the schemas the web and the API both use: no text field holds Unicode Cc, Cf, Zl, Zp
// or a lone surrogate (issue 12). Each forbidden character, in each kind of text field, at the
// start, in the middle and at the end (trimming must not hide one).

/** Every character of the forbidden kinds a request or a paste is likely to carry. */
const forbiddenSamples: readonly [string, string][] = [
  ['U+0000 NUL', '\u0000'],
  ['U+0007 BEL', '\u0007'],
  ['U+0009 tab', '\t'],
  ['U+000A line feed', '\n'],
  ['U+000D carriage return', '\r'],
  ['U+001B escape', '\u001b'],
  ['U+007F delete', '\u007f'],
  ['U+0085 next line', '\u0085'],
  ['U+009B CSI', '\u009b'],
  ['U+00AD soft hyphen', '\u00ad'],
  ['U+061C Arabic letter mark', '\u061c'],
  ['U+180E Mongolian vowel separator', '\u180e'],
  ['U+200B zero-width space', '\u200b'],
  ['U+200C zero-width non-joiner', '\u200c'],
  ['U+200D zero-width joiner', '\u200d'],
  ['U+200E left-to-right mark', '\u200e'],
  ['U+200F right-to-left mark', '\u200f'],
  ['U+202A left-to-right embedding', '\u202a'],
  ['U+202E right-to-left override', '\u202e'],
  ['U+2060 word joiner', '\u2060'],
  ['U+2066 left-to-right isolate', '\u2066'],
  ['U+2069 pop directional isolate', '\u2069'],
  ['U+FEFF byte order mark', '\ufeff'],
  ['U+FFF9 interlinear annotation', '\ufff9'],
  ['U+E0001 language tag', '\u{e0001}'],
  ['U+2028 line separator', '\u2028'],
  ['U+2029 paragraph separator', '\u2029'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', '\udfff'],
];

const messageOf = (schema: z.ZodType, value: unknown): string | null => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'no message');
};

/** Each kind of text field, with a value it accepts. */
const fields: readonly [string, z.ZodType, string][] = [
  ['name', namePartSchema, '山田'],
  ['kana name', kanaNamePartSchema, 'ﾔﾏﾀﾞ'],
  ['address line', addressLineSchema, '1-2-3'],
  ['searched address part', searchedPartSchema, '天神'],
  ['sub-address', subAddressSchema, 'ハイツ天神101'],
  ['kana address', kanaAddressSchema, 'ﾃﾝｼﾞﾝ'],
  ['optional kana address', optionalKanaAddressSchema, 'ﾊｲﾂ'],
  ['temporary address', tempAddressSchema, '福岡市中央区天神1-1-1'],
  ['workplace name', workplaceNameSchema('REQUIRED'), '株式会社天神商事'],
  ['distance reason', distanceReasonSchema(true), '勤務先が福岡市内のため'],
  ['purpose (other)', purposeOtherTextSchema, '投資'],
  ['occupation (other)', occupationOtherSchema(true), '僧侶'],
  ['mail address', mailSchema, 'taro@example.jp'],
  ['mobile phone', mobilePhoneSchema, '090-1234-5678'],
  ['postal code', postalCodeSchema, '810-0001'],
  ['invitation code', invitationCodeSchema, 'FK0001'],
  ['verification code', verificationCodeSchema, '123456'],
];

describe('forbidden characters', () => {
  for (const [fieldName, schema, valid] of fields) {
    it(`${fieldName}: accepts ${valid}, refuses each forbidden character with 使用できない文字が含まれています。`, () => {
      expect(messageOf(schema, valid)).toBeNull();
      for (const [charName, char] of forbiddenSamples) {
        const middle = Math.ceil(valid.length / 2);
        for (const value of [char + valid, valid.slice(0, middle) + char + valid.slice(middle), valid + char]) {
          expect(messageOf(schema, value), `${fieldName} with ${charName}`).toBe(messages.forbiddenChars);
        }
      }
    });
  }

  it('an optional field holding only a forbidden character is refused, not saved as empty', () => {
    expect(messageOf(subAddressSchema, '\u2028')).toBe(messages.forbiddenChars);
    expect(messageOf(subAddressSchema, '')).toBeNull();
  });

  it('passes what is visible: emoji pairs, variation selectors, full-width and ideographic spaces', () => {
    expect(containsForbiddenChars('家🏠')).toBe(false);
    expect(containsForbiddenChars('葛\u{e0100}城')).toBe(false);
    expect(containsForbiddenChars('山田　太郎 ')).toBe(false);
    expect(containsForbiddenChars('ｶﾞｰﾃﾞﾝ')).toBe(false);
  });
});
