import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import { addressMaxLength, kanaAddressMaxLength } from '@koza/domain/fields/address';
import { distanceReasonMaxLength } from '@koza/domain/fields/distance-reason';
import { kanaNameMaxLength } from '@koza/domain/fields/kana-name';
import { nameMaxLength } from '@koza/domain/fields/name';
import { purposeOtherMaxLength } from '@koza/domain/fields/purposes';
import { fieldsOf } from '@koza/domain/fields/registry';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, createStepsApp, hakataEkimae, hosts, personalPayload, sagaEkimae, sapporo, stepPaths, tenjin } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';

/** The optional phones of the personal step: every registry phone of the applicant group but the mobile. */
const optionalPhones = fieldsOf('application', undefined, 'applicant').filter((f) => f.kind === 'phone');

const saga = { ...personalPayload, ...sagaEkimae, distanceTransactionReason: '勤務先が福岡市内のため' };
const temporary = {
  ...personalPayload,
  ...Object.fromEntries(
    Object.keys(tenjin)
      .filter((k) => k !== 'postalNumber')
      .map((k) => [k, null]),
  ),
  address: null,
  subAddress: null,
  kanaAddress: null,
  kanaSubAddress: null,
  tempAddressPrefecture: '福岡県',
  tempAddress: '福岡市中央区天神9-9-9',
  kanaTempAddress: 'ﾌｸｵｶｼﾁｭｳｵｳｸﾃﾝｼﾞﾝ9-9-9',
};

/**
 * Every invalid value of SPEC.md §5 for the personal screen, sent straight to the API: the answer is
 * 400 with exactly that field's domain message. `base` is the otherwise valid payload.
 */
const invalidPersonal: { field: string; value: unknown; message: string; base?: object; also?: object }[] = [
  { field: 'lastName', value: '', message: messages.required },
  { field: 'lastName', value: null, message: messages.required },
  { field: 'lastName', value: 'Ⅲ世', message: messages.romanNumeral },
  { field: 'lastName', value: '山田@', message: messages.disallowedChars('「@」') },
  { field: 'lastName', value: 'yamada', message: messages.disallowedChars('「y」「a」「m」「d」') },
  { field: 'lastName', value: '山'.repeat(nameMaxLength - 2), message: messages.maxLength(nameMaxLength) }, // 22 + full-width space + 太郎 = 25
  { field: 'firstName', value: '', message: messages.required },
  { field: 'firstName', value: '太郎1', message: messages.disallowedChars('「1」') },
  { field: 'kanaLastName', value: '山田', message: messages.katakana },
  { field: 'kanaLastName', value: '', message: messages.required },
  { field: 'kanaLastName', value: 'ｱ'.repeat(kanaNameMaxLength - 3), message: messages.maxLength(kanaNameMaxLength) }, // + ' ﾀﾛｳ' = 49
  { field: 'kanaFirstName', value: 'taro', message: messages.katakana },
  { field: 'gender', value: 'OTHER', message: messages.selectRequired },
  { field: 'gender', value: null, message: messages.selectRequired },
  { field: 'birthday', value: '', message: messages.selectRequired },
  { field: 'birthday', value: '1990-02-30', message: messages.birthdayInvalid },
  { field: 'birthday', value: '1990/04/01', message: messages.birthdayInvalid },
  { field: 'birthday', value: '2008-06-16', message: messages.generalUnder18 }, // 17 on 2026-06-15
  { field: 'mobilePhoneNumber', value: '', message: messages.required },
  { field: 'mobilePhoneNumber', value: '060-1234-5678', message: messages.mobilePhoneInvalid },
  { field: 'mobilePhoneNumber', value: '090-1234-567', message: messages.mobilePhoneInvalid },
  { field: 'mobilePhoneNumber', value: '09012345678', message: messages.mobilePhoneInvalid },
  { field: 'phoneNumber', value: '092-123-456', message: messages.homePhoneInvalid },
  { field: 'phoneNumber', value: '1-234-5678', message: messages.homePhoneInvalid },
  { field: 'phoneNumber', value: '092-12345-6789', message: messages.homePhoneInvalid },
  { field: 'postalNumber', value: '', message: messages.required },
  { field: 'postalNumber', value: '810001', message: messages.postalCodeInvalid },
  { field: 'postalNumber', value: '81000011', message: messages.postalCodeInvalid },
  { field: 'addressCode', value: null, message: messages.addressNotSearched, also: { addressPrefecture: null } },
  { field: 'address', value: '', message: messages.required },
  { field: 'address', value: '1'.repeat(addressMaxLength + 1), message: messages.maxLength(addressMaxLength) },
  { field: 'subAddress', value: 'ハ'.repeat(addressMaxLength + 1), message: messages.maxLength(addressMaxLength) },
  { field: 'kanaAddress', value: '', message: messages.required },
  { field: 'kanaAddress', value: '一丁目', message: messages.katakana },
  { field: 'kanaAddress', value: '1'.repeat(kanaAddressMaxLength + 1), message: messages.maxLength(kanaAddressMaxLength) },
  { field: 'kanaSubAddress', value: '', message: messages.required },
  { field: 'kanaSubAddress', value: 'ﾃﾝｼﾞﾝﾊｲﾂ#101', message: messages.katakana },
  { field: 'tempAddress', value: '', message: messages.required, base: temporary },
  { field: 'kanaTempAddress', value: '', message: messages.required, base: temporary },
  { field: 'kanaTempAddress', value: '天神', message: messages.katakana, base: temporary },
  { field: 'tempAddressPrefecture', value: '福岡', message: messages.selectRequired, base: temporary },
  { field: 'utilizationPurpose', value: [], message: messages.selectRequired },
  { field: 'utilizationPurpose', value: null, message: messages.selectRequired },
  { field: 'utilizationPurpose', value: ['宝くじ'], message: messages.selectRequired },
  { field: 'utilizationPurposeOther', value: '', message: messages.otherRequired, also: { utilizationPurpose: ['その他'] } },
  {
    field: 'utilizationPurposeOther',
    value: 'あ'.repeat(purposeOtherMaxLength + 1),
    message: messages.maxLength(purposeOtherMaxLength),
    also: { utilizationPurpose: ['その他'] },
  },
  { field: 'distanceTransactionReason', value: '', message: messages.required, base: saga },
  { field: 'distanceTransactionReason', value: null, message: messages.required, base: saga },
  {
    field: 'distanceTransactionReason',
    value: 'あ'.repeat(distanceReasonMaxLength + 1),
    message: messages.maxLength(distanceReasonMaxLength),
    base: saga,
  },
];

forEachDialect((dialect) => {
  let app: App;
  let a: Applicant;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    a = await applicant(app);
  });
  afterAll(() => app.close());

  it('needs a signed-in applicant', async () => {
    const response = await app.inject({ method: 'POST', url: stepPaths.personal, headers: { host: hosts['0177'] }, payload: personalPayload });
    expect(response.statusCode).toBe(401);
  });

  it('saves the personal data, normalised, and answers 204', async () => {
    const response = await a.post(stepPaths.personal, {
      ...personalPayload,
      kanaLastName: 'やまだ',
      mobilePhoneNumber: '０９０－１２３４－５６７８',
      phoneNumber: '',
      utilizationPurpose: ['給与・年金受取', '生活費決済', 'その他'],
      utilizationPurposeOther: '副業の入金',
      distanceTransactionReason: '聞かれていない',
      tempAddress: '使われない',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const row = await a.row();
    expect(row).toMatchObject({
      lastName: '山田',
      firstName: '太郎',
      kanaLastName: 'ﾔﾏﾀﾞ',
      kanaFirstName: 'ﾀﾛｳ',
      gender: 'MAN',
      birthday: '1990-04-01',
      eraBirthday: '平成2年',
      mobilePhoneNumber: '090-1234-5678',
      phoneNumber: null,
      postalNumber: '8100001',
      addressCode: '40133',
      addressPrefecture: '福岡県',
      addressMunicipality: '福岡市中央区',
      addressSection: '天神',
      addressChome: null,
      address: '1-2-3',
      subAddress: '天神ハイツ101',
      kanaSubAddress: 'ﾃﾝｼﾞﾝﾊｲﾂ101',
      tempAddressPrefecture: null,
      tempAddress: null,
      // The bank's order, joined by ',' (DECISIONS.md §7).
      utilizationPurpose: '生活費決済,給与・年金受取,その他',
      utilizationPurposeOther: '副業の入金',
      distanceTransactionReason: null,
      status: 'DRAFT',
    });
    expect(row.personalSavedAt).toBe(new Date('2026-06-15T10:00:00+09:00').getTime());

    const view = await a.get('/api/applications');
    expect(view.statusCode).toBe(200);
    expect(view.json().application).toMatchObject({ lastName: '山田', eraBirthday: '平成2年', utilizationPurpose: '生活費決済,給与・年金受取,その他' });
  });

  // Read from the registry: a phone added to the personal step is saved, read back and checked here
  // without being named (its rule is the home phone's, its message names it).
  it.each(optionalPhones.map((f) => [f.key, f.label] as const))(
    'saves the optional phone %s (%s) normalised, reads it back, and refuses a malformed one',
    async (key, label) => {
      const b = await applicant(app);
      expect((await b.post(stepPaths.personal, { ...personalPayload, [key]: '０９２－５５５－０１０１' })).statusCode).toBe(204);
      expect(((await b.row()) as Record<string, unknown>)[key]).toBe('092-555-0101');
      expect((await b.get('/api/applications')).json().application[key]).toBe('092-555-0101');
      expect((await b.post(stepPaths.personal, { ...personalPayload, [key]: '' })).statusCode).toBe(204);
      expect((await b.get('/api/applications')).json().application[key]).toBeNull();
      const refused = await b.post(stepPaths.personal, { ...personalPayload, [key]: '092-555-010' });
      expect(refused.statusCode).toBe(400);
      const [error] = refused.json().errors as { field: string; message: string }[];
      expect(error?.field).toBe(key);
      expect(error?.message).toContain(label);
    },
  );

  it('saves a temporary address and blanks the searched parts', async () => {
    const b = await applicant(app);
    expect((await b.post(stepPaths.personal, temporary)).statusCode).toBe(204);
    expect(await b.row()).toMatchObject({ addressCode: null, addressPrefecture: null, tempAddressPrefecture: '福岡県', tempAddress: '福岡市中央区天神9-9-9' });
  });

  it('asks the distance reason of a 0177 applicant outside 福岡県 and keeps it', async () => {
    const b = await applicant(app);
    expect((await b.post(stepPaths.personal, saga)).statusCode).toBe(204);
    expect((await b.row()).distanceTransactionReason).toBe('勤務先が福岡市内のため');
  });

  it('does not ask it at a bank that asks none (0587, 福岡県 resident)', async () => {
    const b = await applicant(app, { host: hosts['0587'] });
    expect((await b.post(stepPaths.personal, { ...personalPayload, ...hakataEkimae, distanceTransactionReason: '理由' })).statusCode).toBe(204);
    expect((await b.row()).distanceTransactionReason).toBeNull();
  });

  describe('each invalid value of SPEC.md §5', () => {
    it.each(invalidPersonal.map((c) => [c.field, JSON.stringify(c.value).slice(0, 40), c] as const))(
      '%s = %s → its message',
      async (_field, _shown, { field, value, message, base = personalPayload, also = {} }) => {
        const response = await a.post(stepPaths.personal, { ...base, ...also, [field]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ errors: [{ field, message }] });
      },
    );
  });

  it('lists every required field of an empty payload', async () => {
    const response = await a.post(stepPaths.personal, {});
    expect(response.statusCode).toBe(400);
    const fields = (response.json().errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual([
      'lastName',
      'firstName',
      'kanaLastName',
      'kanaFirstName',
      'gender',
      'birthday',
      'mobilePhoneNumber',
      'postalNumber',
      'utilizationPurpose',
      'addressCode',
    ]);
  });

  describe('what only the database knows', () => {
    it('refuses an address the search did not offer for the postal code', async () => {
      for (const wrong of [{ addressCode: '40132' }, { postalNumber: '8100002' }, { addressSection: '大名' }, { addressMunicipality: '福岡市博多区' }]) {
        const response = await a.post(stepPaths.personal, { ...personalPayload, ...wrong });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ errors: [{ field: 'addressCode', message: messages.addressNotSearched }] });
      }
    });

    it('refuses a residence outside the bank’s area (searched address)', async () => {
      const b = await applicant(app);
      const response = await b.post(stepPaths.personal, { ...personalPayload, ...sapporo, distanceTransactionReason: '転勤予定' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [{ field: 'addressPrefecture', message: messages.residenceNotEligible }] });
      expect((await b.row()).personalSavedAt).toBeNull();
    });

    it('refuses a residence outside the bank’s area (temporary address)', async () => {
      const response = await a.post(stepPaths.personal, {
        ...temporary,
        tempAddressPrefecture: '東京都',
        tempAddress: '千代田区丸の内1-1',
        distanceTransactionReason: '転勤予定',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [{ field: 'tempAddressPrefecture', message: messages.residenceNotEligible }] });
    });

    it('accepts a listed neighbouring prefecture (0181, 福岡県) and refuses a prefecture that is not (0181, 熊本県)', async () => {
      const b = await applicant(app, { host: hosts['0181'] });
      expect((await b.post(stepPaths.personal, personalPayload)).statusCode).toBe(204);
      const kumamoto = {
        postalNumber: '8620950',
        addressCode: '43101',
        addressPrefecture: '熊本県',
        addressMunicipality: '熊本市中央区',
        addressSection: '水前寺',
        addressChome: '',
      };
      const response = await b.post(stepPaths.personal, { ...personalPayload, ...kumamoto });
      expect(response.json()).toEqual({ errors: [{ field: 'addressPrefecture', message: messages.residenceNotEligible }] });
    });

    it('accepts a municipality with a branch of the bank outside its listed prefectures', async () => {
      // The sample branches all stand in listed prefectures: give 0181 a branch in 熊本市中央区.
      await app.deps.db.kysely
        .insertInto('branches')
        .values({
          bankCode: '0181',
          code: '900',
          name: '熊本出張所',
          postalNumber: '8620950',
          prefecture: '熊本県',
          municipality: '熊本市中央区',
          address: '熊本県熊本市中央区水前寺1-1-1',
          displayNumber: 900,
        })
        .execute();
      const b = await applicant(app, { host: hosts['0181'] });
      const suizenji = {
        postalNumber: '8620950',
        addressCode: '43101',
        addressPrefecture: '熊本県',
        addressMunicipality: '熊本市中央区',
        addressSection: '水前寺',
        addressChome: '',
        kanaAddressPrefecture: 'ｸﾏﾓﾄｹﾝ',
        kanaAddressMunicipality: 'ｸﾏﾓﾄｼﾁｭｳｵｳｸ',
        kanaAddressSection: 'ｽｲｾﾞﾝｼﾞ',
        kanaAddressChome: '',
      };
      expect((await b.post(stepPaths.personal, { ...personalPayload, ...suizenji })).statusCode).toBe(204);
      const sakuragi = { ...suizenji, postalNumber: '8612101', addressCode: '43102', addressMunicipality: '熊本市東区', addressSection: '桜木' };
      const response = await b.post(stepPaths.personal, { ...personalPayload, ...sakuragi });
      expect(response.json()).toEqual({ errors: [{ field: 'addressPrefecture', message: messages.residenceNotEligible }] });
      const typed = await b.post(stepPaths.personal, {
        ...temporary,
        tempAddressPrefecture: '熊本県',
        tempAddress: '熊本市中央区水前寺2-2',
        kanaTempAddress: 'ｸﾏﾓﾄｼﾁﾕｳｵｳｸｽｲｾﾞﾝｼﾞ2-2',
      });
      expect(typed.statusCode).toBe(204);
    });

    it('refuses a bankCode that is not the host’s bank, and accepts the right one', async () => {
      const wrong = await a.post(stepPaths.personal, { ...personalPayload, bankCode: '0587' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ errors: [{ field: 'bankCode', message: messages.bankMismatch }] });
      expect((await a.post(stepPaths.personal, { ...personalPayload, bankCode: '0177' })).statusCode).toBe(204);
    });
  });

  describe('never a 5xx for a bad body', () => {
    it.each([
      ['an array', [personalPayload]],
      ['a number', 42],
      ['null', null],
      ['numbers for text', { ...personalPayload, lastName: 1, mobilePhoneNumber: 9012345678, postalNumber: 8100001 }],
      ['arrays for text', { ...personalPayload, lastName: ['山田'], birthday: ['1990-04-01'], addressCode: ['40133'] }],
      ['objects for text', { ...personalPayload, gender: { value: 'MAN' }, utilizationPurpose: { 0: '生活費決済' } }],
      ['nulls everywhere', Object.fromEntries(Object.keys(personalPayload).map((k) => [k, null]))],
      ['huge strings', { ...personalPayload, lastName: '山'.repeat(10_000), address: 'x'.repeat(10_000) }],
      ['a prototype key', JSON.parse('{"__proto__": {"lastName": "山田"}, "constructor": 1}')],
    ])('%s → 400', async (_name, body) => {
      const response = await a.post(stepPaths.personal, body);
      expect(response.statusCode).toBe(400);
    });

    it('a JSON string or number as the body → 400', async () => {
      for (const payload of ['"personal"', '42', 'true', '[]']) {
        const response = await app.inject({
          method: 'POST',
          url: stepPaths.personal,
          headers: { host: a.host, authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBe(400);
      }
    });

    it('a body that is not JSON → 400', async () => {
      const text = await app.inject({
        method: 'POST',
        url: stepPaths.personal,
        headers: { host: a.host, authorization: `Bearer ${a.token}`, 'content-type': 'text/plain' },
        payload: 'lastName=山田',
      });
      expect(text.statusCode).toBe(400); // Fastify reads text/plain as a string, which reads as an empty payload
      const broken = await app.inject({
        method: 'POST',
        url: stepPaths.personal,
        headers: { host: a.host, authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
        payload: '{"lastName": ',
      });
      expect(broken.statusCode).toBe(400);
    });

    it.each([
      ['address', '1-2\u00003'],
      ['addressSection', '天神\u0000'],
      ['lastName', '山\u0000田'],
      ['distanceTransactionReason', '理由\u0007'],
      ['subAddress', 'ハイツ\uD800'],
      ['utilizationPurpose', ['生活費決済\u0000']],
    ])('text with a control character or a lone surrogate in %s → 400 on that field', async (field, value) => {
      const response = await a.post(stepPaths.personal, { ...personalPayload, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [{ field, message: messages.forbiddenChars }] });
    });

    it('a body over the JSON limit → 413', async () => {
      const response = await a.post(stepPaths.personal, { ...personalPayload, address: 'x'.repeat(70_000) });
      expect(response.statusCode).toBe(413);
    });
  });
});
