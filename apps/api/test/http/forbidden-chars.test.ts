import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, createStepsApp, hosts, personalPayload, sagaEkimae, saveBefore, stepPaths, workplacePayload } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';
import { uniqueIp, uniqueMailAddress } from '../helpers/auth.ts';

// Issue 12: invisible and direction-changing characters (Unicode Cc, Cf, Zl, Zp, lone surrogates)
// are refused in every text field of every payload, with 使用できない文字が含まれています。, and
// nothing is stored. The attack found U+202E and U+2028 stored in subAddress.

const forbidden: readonly [string, string][] = [
  ['NUL', '\u0000'],
  ['tab', '\t'],
  ['line feed', '\n'],
  ['DEL', '\u007f'],
  ['next line (C1)', '\u0085'],
  ['soft hyphen', '\u00ad'],
  ['zero-width space', '\u200b'],
  ['zero-width joiner', '\u200d'],
  ['right-to-left mark', '\u200f'],
  ['right-to-left override', '\u202e'],
  ['left-to-right isolate', '\u2066'],
  ['byte order mark', '\ufeff'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['lone high surrogate', '\ud83c'],
  ['lone low surrogate', '\udc00'],
];

const saga = { ...personalPayload, ...sagaEkimae, distanceTransactionReason: '勤務先が福岡市内のため' };
const purposeOther = { ...personalPayload, utilizationPurpose: ['その他'], utilizationPurposeOther: '投資' };
const occupationOther = { ...workplacePayload, occupationId: 99, occupationOther: '僧侶' };

/** Each kind of text field of the application saves, with a payload it belongs to. */
const saveFields: readonly { kind: string; step: 'personal' | 'workplace'; field: string; base: Record<string, unknown> }[] = [
  { kind: 'name', step: 'personal', field: 'lastName', base: personalPayload },
  { kind: 'kana name', step: 'personal', field: 'kanaFirstName', base: personalPayload },
  { kind: 'address', step: 'personal', field: 'address', base: personalPayload },
  { kind: 'sub-address', step: 'personal', field: 'subAddress', base: personalPayload },
  { kind: 'kana sub-address', step: 'personal', field: 'kanaSubAddress', base: personalPayload },
  { kind: 'distance reason', step: 'personal', field: 'distanceTransactionReason', base: saga },
  { kind: 'purpose (other)', step: 'personal', field: 'utilizationPurposeOther', base: purposeOther },
  { kind: 'workplace name', step: 'workplace', field: 'workplaceName', base: workplacePayload },
  { kind: 'occupation (other)', step: 'workplace', field: 'occupationOther', base: occupationOther },
];

forEachDialect((dialect) => {
  let app: App;
  let personal: Applicant;
  let workplace: Applicant;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    personal = await applicant(app);
    workplace = await applicant(app);
    await saveBefore(workplace, 'workplace');
  });
  afterAll(() => app?.close());

  for (const { kind, step, field, base } of saveFields) {
    it(`${kind} (${field}): each forbidden character → 400 on that field, nothing saved`, async () => {
      const a = step === 'personal' ? personal : workplace;
      const before = await a.row();
      const valid = String(base[field] ?? 'ﾊｲﾂ');
      for (const [name, char] of forbidden) {
        const value = valid.slice(0, 1) + char + valid.slice(1);
        const response = await a.post(stepPaths[step], { ...base, [field]: value });
        expect(response.statusCode, `${field} with ${name}`).toBe(400);
        expect(response.json(), `${field} with ${name}`).toEqual({ errors: [{ field, message: messages.forbiddenChars }] });
      }
      expect(await a.row()).toEqual(before);
      // The same field without the character is saved.
      expect((await a.post(stepPaths[step], { ...base, [field]: valid })).statusCode).toBe(204);
    });
  }

  it('sub-address: U+202E and U+2028 alone, leading or trailing (not trimmed away) → 400', async () => {
    for (const value of ['\u202e', '\u2028', '\u202eｲﾂﾊ', 'ハイツ\u2028', '\u2029ハイツ']) {
      const response = await personal.post(stepPaths.personal, { ...personalPayload, subAddress: value });
      expect(response.json(), JSON.stringify(value)).toEqual({ errors: [{ field: 'subAddress', message: messages.forbiddenChars }] });
    }
  });

  it('mail address at registration: each forbidden character → 400 on mailAddress, no code sent', async () => {
    for (const [name, char] of forbidden) {
      const mail = uniqueMailAddress();
      const response = await app.inject({
        method: 'POST',
        url: '/api/verification-codes/register',
        headers: { host: hosts['0177'] },
        remoteAddress: uniqueIp(),
        payload: { bankCode: '0177', mailAddress: mail.replace('@', `${char}@`), applicationType: 'GENERAL' },
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ errors: [{ field: 'mailAddress', message: messages.forbiddenChars }] });
    }
  });
});
