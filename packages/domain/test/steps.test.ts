import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { messages } from '../src/messages.ts';
import { validateStep } from '../src/steps/validate-step.ts';
import type { FieldError } from '../src/steps/validate-step.ts';
import { personalSchema, personalShape } from '../src/steps/personal.ts';
import { fieldsOf } from '../src/fields/registry.ts';
import type { PersonalContext } from '../src/steps/personal.ts';
import { childWorkplaceSchema, workplaceSchema } from '../src/steps/workplace.ts';
import { childPersonalSchema } from '../src/steps/child-personal.ts';
import { childParentSchema, childParentScreenSchema, parentWorkplaceSchema } from '../src/steps/child-parent.ts';
import { branchSchema } from '../src/steps/branch.ts';
import { sealLessSchema } from '../src/steps/seal-less.ts';
import { confirmationSchema } from '../src/steps/confirmation.ts';
import { pinEntrySchema } from '../src/steps/pin-entry.ts';
import { verificationMailSchema } from '../src/steps/verification-mail.ts';
import { verificationCodeStepSchema, verifyRequestSchema } from '../src/steps/verification-code.ts';

const today = '2026-06-15';
const fukuoka: PersonalContext = {
  today,
  homePrefecture: '福岡県',
  asksDistanceReason: true,
  purposeChoices: ['生計費決済', '給与受取・年金受取', '貯蓄・資産運用', 'その他'],
};

const searched = {
  addressCode: '401330001',
  addressPrefecture: '福岡県',
  addressMunicipality: '福岡市中央区',
  addressSection: '天神',
  addressChome: '１丁目',
  kanaAddressPrefecture: 'ﾌｸｵｶｹﾝ',
  kanaAddressMunicipality: 'ﾌｸｵｶｼﾁﾕｳｵｳｸ',
  kanaAddressSection: 'ﾃﾝｼﾞﾝ',
  kanaAddressChome: '1ﾁﾖｳﾒ',
  address: '1-2-3',
  subAddress: null,
  kanaAddress: '1-2-3',
  kanaSubAddress: null,
};

const personal = {
  lastName: '山田',
  firstName: '太郎',
  kanaLastName: 'ﾔﾏﾀﾞ',
  kanaFirstName: 'ﾀﾛｳ',
  gender: 'MAN',
  birthday: '1990-04-01',
  mobilePhoneNumber: '090-1234-5678',
  phoneNumber: '',
  postalNumber: '8100001',
  ...searched,
  tempAddressPrefecture: null,
  tempAddress: null,
  kanaTempAddress: null,
  utilizationPurpose: ['生計費決済'],
  utilizationPurposeOther: null,
  distanceTransactionReason: null,
};

const errorsOf = (r: { ok: boolean; errors?: FieldError[] }): FieldError[] => (r.ok ? [] : (r.errors ?? []));

describe('validateStep', () => {
  it('answers the value when valid', () => {
    expect(validateStep(branchSchema, { branchCode: '101' })).toEqual({ ok: true, value: { branchCode: '101' } });
  });
  it('answers one message per field, by dotted path', () => {
    expect(validateStep(pinEntrySchema, { pin: '12', pinConfirmation: 'abcd' })).toEqual({
      ok: false,
      errors: [
        { field: 'pin', message: messages.pinFormat },
        { field: 'pinConfirmation', message: messages.pinFormat },
      ],
    });
  });
  it.each([[null], ['text'], [[1, 2]], [undefined]])('reads a body of %j as empty', (body) => {
    expect(validateStep(verificationMailSchema, body)).toEqual({
      ok: false,
      errors: [{ field: 'mailAddress', message: messages.mailInvalid }],
    });
  });
});

describe('personal', () => {
  const check = (input: object, ctx: PersonalContext = fukuoka) => validateStep(personalSchema(ctx), input);

  it('accepts a searched address and saves the normalised payload', () => {
    const r = check({ ...personal, kanaLastName: 'やまだ', phoneNumber: '', utilizationPurpose: ['生計費決済', 'その他'], utilizationPurposeOther: '副業' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.kanaLastName).toBe('ﾔﾏﾀﾞ');
    expect(r.value.phoneNumber).toBeNull();
    expect(r.value.utilizationPurpose).toEqual(['生計費決済', 'その他']);
    expect(r.value.utilizationPurposeOther).toBe('副業');
    expect(r.value.tempAddress).toBeNull();
    expect(r.value.distanceTransactionReason).toBeNull();
  });

  it('requires every field of an empty form with its own message', () => {
    expect(errorsOf(check({}))).toEqual([
      { field: 'lastName', message: messages.required },
      { field: 'firstName', message: messages.required },
      { field: 'kanaLastName', message: messages.required },
      { field: 'kanaFirstName', message: messages.required },
      { field: 'gender', message: messages.selectRequired },
      { field: 'birthday', message: messages.selectRequired },
      { field: 'mobilePhoneNumber', message: messages.required },
      { field: 'postalNumber', message: messages.required },
      { field: 'utilizationPurpose', message: messages.selectRequired },
      { field: 'addressCode', message: '住所を検索してください' },
    ]);
  });

  it.each([
    ['山田太郎三郎四郎五郎六', '太郎次郎三郎四郎五郎六', null], // 11 + 1 + 11 = 23
    ['山田太郎三郎四郎五郎六', '太郎次郎三郎四郎五郎六七', null], // 24
    ['山田太郎三郎四郎五郎六', '太郎次郎三郎四郎五郎六七八', messages.maxLength(24)], // 25
  ])('name %s + %s → %s', (lastName, firstName, expected) => {
    const errors = errorsOf(check({ ...personal, lastName, firstName }));
    expect(errors.find((e) => e.field === 'lastName')?.message ?? null).toBe(expected);
  });

  it.each([
    ['ｱ'.repeat(24), 'ｲ'.repeat(23), null], // 48
    ['ｱ'.repeat(24), 'ｲ'.repeat(24), '48文字以内で入力してください。'], // 49
  ])('kana name of %i + %i → %s', (kanaLastName, kanaFirstName, expected) => {
    const errors = errorsOf(check({ ...personal, kanaLastName, kanaFirstName }));
    expect(errors.find((e) => e.field === 'kanaLastName')?.message ?? null).toBe(expected);
  });

  it('names the field of each failure', () => {
    expect(
      errorsOf(
        check({
          ...personal,
          lastName: '山田Ⅲ',
          kanaFirstName: '太郎',
          birthday: '2010-01-01',
          mobilePhoneNumber: '060-1234-5678',
          phoneNumber: '03-123-4567',
          address: 'あ'.repeat(21),
          kanaAddress: 'ｱ'.repeat(41),
          utilizationPurpose: ['その他'],
        }),
      ),
    ).toEqual([
      { field: 'lastName', message: messages.romanNumeral },
      { field: 'kanaFirstName', message: 'カタカナで入力してください。' },
      { field: 'birthday', message: '18歳未満の方はお申込みできません。' },
      { field: 'mobilePhoneNumber', message: messages.mobilePhoneInvalid },
      { field: 'phoneNumber', message: messages.homePhoneInvalid },
      { field: 'address', message: '20文字以内で入力してください。' },
      { field: 'kanaAddress', message: '40文字以内で入力してください。' },
      { field: 'utilizationPurposeOther', message: '「その他」の場合は入力が必須です。' },
    ]);
  });

  it('asks the building kana when a building is given', () => {
    expect(errorsOf(check({ ...personal, subAddress: 'ハイツ天神101' }))).toEqual([{ field: 'kanaSubAddress', message: messages.required }]);
  });

  it('accepts a temporary address and blanks the searched one', () => {
    const r = check({
      ...personal,
      ...Object.fromEntries(Object.keys(searched).map((k) => [k, null])),
      tempAddressPrefecture: '福岡県',
      tempAddress: '福岡市中央区天神1-2-3',
      kanaTempAddress: 'ふくおかしちゅうおうくてんじん１－２－３',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.kanaTempAddress).toBe('ﾌｸｵｶｼﾁﾕｳｵｳｸﾃﾝｼﾞﾝ1-2-3');
    expect(r.value.addressCode).toBeNull();
  });

  it('asks the temporary address text once the prefecture is chosen', () => {
    expect(errorsOf(check({ ...personal, addressCode: null, tempAddressPrefecture: '福岡県' }))).toEqual([
      { field: 'tempAddress', message: messages.required },
      { field: 'kanaTempAddress', message: messages.required },
    ]);
  });

  it('blanks the temporary address when an address was chosen', () => {
    const r = check({ ...personal, tempAddress: '残り' });
    expect(r.ok && r.value.tempAddress).toBeNull();
  });

  describe('distance reason', () => {
    const saga = { ...personal, addressPrefecture: '佐賀県' };
    it('is required when the bank asks and the applicant lives outside its home prefecture', () => {
      expect(errorsOf(check(saga))).toEqual([{ field: 'distanceTransactionReason', message: messages.required }]);
    });
    it.each([
      ['あ'.repeat(50), null],
      ['あ'.repeat(51), '50文字以内で入力してください。'],
    ])('%j → %s', (reason, expected) => {
      const errors = errorsOf(check({ ...saga, distanceTransactionReason: reason }));
      expect(errors[0]?.message ?? null).toBe(expected);
    });
    it('is kept when required', () => {
      const r = check({ ...saga, distanceTransactionReason: '勤務先が近いため' });
      expect(r.ok && r.value.distanceTransactionReason).toBe('勤務先が近いため');
    });
    it('is not asked in the home prefecture and saved as null', () => {
      const r = check({ ...personal, distanceTransactionReason: '理由' });
      expect(r.ok && r.value.distanceTransactionReason).toBeNull();
    });
    it('is not asked by a bank that does not ask it', () => {
      expect(check(saga, { ...fukuoka, asksDistanceReason: false, homePrefecture: '熊本県' }).ok).toBe(true);
    });
    it('follows the temporary address prefecture', () => {
      const temp = {
        ...personal,
        addressCode: null,
        tempAddressPrefecture: '長崎県',
        tempAddress: '長崎市1-1',
        kanaTempAddress: 'ﾅｶﾞｻｷｼ1-1',
      };
      expect(errorsOf(check(temp))).toEqual([{ field: 'distanceTransactionReason', message: messages.required }]);
    });
  });

  it('refuses purposes the bank does not offer', () => {
    expect(errorsOf(check({ ...personal, utilizationPurpose: ['公営競技'] }))).toEqual([{ field: 'utilizationPurpose', message: messages.selectRequired }]);
  });
});

describe('workplace', () => {
  const required = { workplaceRequirement: 'REQUIRED', isOther: false } as const;
  const body = {
    occupationId: 1,
    occupationOther: null,
    workplaceName: '㈱福岡商事',
    workplacePhoneNumber: '092-123-4567',
    workplaceId: null,
    invitationCode: '',
    existedAccountBranchCode: null,
    existedAccountNumber: null,
  };

  it('saves the normalised payload', () => {
    expect(validateStep(workplaceSchema({ occupation: required }), body)).toEqual({
      ok: true,
      value: { ...body, workplaceName: '株式会社福岡商事', invitationCode: null },
    });
  });

  it.each([
    [
      'REQUIRED',
      [
        { field: 'workplaceName', message: messages.required },
        { field: 'workplacePhoneNumber', message: messages.required },
      ],
    ],
    ['OPTIONAL', []],
    ['NONE', []],
  ] as const)('occupation requiring %s: empty workplace → %j', (workplaceRequirement, expected) => {
    const r = validateStep(workplaceSchema({ occupation: { workplaceRequirement, isOther: false } }), {
      ...body,
      workplaceName: '',
      workplacePhoneNumber: '',
    });
    expect(errorsOf(r)).toEqual(expected);
  });

  it('asks the その他 text', () => {
    const r = validateStep(workplaceSchema({ occupation: { workplaceRequirement: 'NONE', isOther: true } }), body);
    expect(errorsOf(r)).toEqual([{ field: 'occupationOther', message: messages.otherRequired }]);
  });

  it('asks for an occupation first', () => {
    const r = validateStep(workplaceSchema({ occupation: null }), { ...body, occupationId: null });
    expect(errorsOf(r)).toEqual([{ field: 'occupationId', message: messages.selectRequired }]);
  });

  describe('existing account', () => {
    const permitted = { occupation: required, multipleAccountsPermitted: true };
    it('pads the numbers', () => {
      const r = validateStep(workplaceSchema(permitted), { ...body, existedAccountBranchCode: '12', existedAccountNumber: '345' });
      expect(r.ok && [r.value.existedAccountBranchCode, r.value.existedAccountNumber]).toEqual(['012', '0000345']);
    });
    it('needs both numbers once one is given', () => {
      const r = validateStep(workplaceSchema(permitted), { ...body, existedAccountBranchCode: '12' });
      expect(errorsOf(r)).toEqual([{ field: 'existedAccountNumber', message: messages.existingAccountInvalid }]);
    });
    it('needs both numbers when the applicant answers yes', () => {
      const r = validateStep(workplaceSchema({ ...permitted, holdsExistingAccount: true }), body);
      expect(errorsOf(r)).toEqual([
        { field: 'existedAccountBranchCode', message: messages.existingAccountInvalid },
        { field: 'existedAccountNumber', message: messages.existingAccountInvalid },
      ]);
    });
    it.each([
      ['1234', '1234567', 'existedAccountBranchCode'],
      ['123', '12345678', 'existedAccountNumber'],
    ])('refuses %s / %s', (branch, account, field) => {
      const r = validateStep(workplaceSchema(permitted), { ...body, existedAccountBranchCode: branch, existedAccountNumber: account });
      expect(errorsOf(r)).toEqual([{ field, message: '店番・口座番号を正しく入力してください。' }]);
    });
    it('is dropped when a second account is not permitted', () => {
      const r = validateStep(workplaceSchema({ occupation: required }), { ...body, existedAccountBranchCode: '1', existedAccountNumber: '2' });
      expect(r.ok && [r.value.existedAccountBranchCode, r.value.existedAccountNumber]).toEqual([null, null]);
    });
  });

  it('child flow: no workplace id or existing account', () => {
    const r = validateStep(childWorkplaceSchema({ occupation: required }), { ...body, workplaceId: '99', existedAccountNumber: '1' });
    expect(r.ok && [r.value.workplaceId, r.value.existedAccountNumber]).toEqual([null, null]);
  });
});

describe('child-personal', () => {
  const child = {
    ...personal,
    firstName: '花子',
    kanaFirstName: 'ﾊﾅｺ',
    gender: 'WOMAN',
    mobilePhoneNumber: '080-1111-2222',
    occupationId: 9,
    occupationOther: null,
    workplaceName: '福岡中学校',
    workplacePhoneNumber: '',
    invitationCode: null,
  };
  const ctx = { ...fukuoka, occupation: { workplaceRequirement: 'OPTIONAL', isOther: false } } as const;
  it.each([
    ['2026-06-15', null], // born today
    ['2026-06-16', messages.childNotEligible], // born tomorrow
    ['2008-06-16', null], // 17, turns 18 tomorrow
    ['2008-06-15', messages.childNotEligible], // 18 today
  ])('born %s → %s', (birthday, expected) => {
    const errors = errorsOf(validateStep(childPersonalSchema(ctx), { ...child, birthday }));
    expect(errors.find((e) => e.field === 'birthday')?.message ?? null).toBe(expected);
  });
  it('keeps the school and drops unknown keys', () => {
    const r = validateStep(childPersonalSchema(ctx), { ...child, birthday: '2015-01-01', hacker: 1 });
    expect(r.ok && r.value.workplaceName).toBe('福岡中学校');
    expect(r.ok && 'hacker' in r.value).toBe(false);
  });
});

describe('child-parent', () => {
  const ctx = { today, childLastName: '山田', childKanaLastName: 'ﾔﾏﾀﾞ' };
  const parent = {
    lastName: '山田',
    firstName: '花子',
    kanaLastName: 'やまだ',
    kanaFirstName: 'ﾊﾅｺ',
    birthday: '1985-02-01',
    relationship: 'MOTHER',
    mobilePhoneNumber: '090-1234-5678',
    phoneNumber: null,
    proxyApplicationReason: 'minor',
  };
  it('accepts the same surname (kana compared after normalising)', () => {
    expect(validateStep(childParentSchema(ctx), parent).ok).toBe(true);
  });
  it.each([
    [{ lastName: '佐藤' }, [{ field: 'lastName', message: '親権者さまとお子さまの姓が異なっています。' }]],
    [{ kanaLastName: 'ｻﾄｳ' }, [{ field: 'kanaLastName', message: '親権者さまとお子さまの姓(セイ)が異なっています。' }]],
    [{ relationship: '' }, [{ field: 'relationship', message: messages.selectRequired }]],
    [{ proxyApplicationReason: null }, [{ field: 'proxyApplicationReason', message: messages.selectRequired }]],
    [{ birthday: '2008-06-16' }, [{ field: 'birthday', message: '18歳未満の方は親権者としてお申込みできません。' }]],
    [{ birthday: '2008-06-15' }, []],
    [{ firstName: '花'.repeat(22) }, [{ field: 'lastName', message: messages.maxLength(24) }]],
  ])('%j → %j', (change, expected) => {
    expect(errorsOf(validateStep(childParentSchema(ctx), { ...parent, ...change }))).toEqual(expected);
  });
  it('the whole screen adds the occupation and workplace', () => {
    const screen = childParentScreenSchema({ ...ctx, occupation: { workplaceRequirement: 'REQUIRED', isOther: false } });
    expect(errorsOf(validateStep(screen, { ...parent, occupationId: 3 }))).toEqual([
      { field: 'workplaceName', message: messages.required },
      { field: 'workplacePhoneNumber', message: messages.required },
    ]);
  });
  it('parent workplace payload', () => {
    const r = validateStep(parentWorkplaceSchema({ occupation: { workplaceRequirement: 'OPTIONAL', isOther: true } }), {
      occupationId: 7,
      occupationOther: 'フリーランス',
      workplaceName: '',
      workplacePhoneNumber: '',
    });
    expect(r).toEqual({
      ok: true,
      value: { occupationId: 7, occupationOther: 'フリーランス', workplaceName: null, workplacePhoneNumber: null },
    });
  });
});

describe('small screens', () => {
  it.each([
    [branchSchema, { branchCode: '101' }, []],
    [branchSchema, { branchCode: '' }, [{ field: 'branchCode', message: messages.selectRequired }]],
    [branchSchema, {}, [{ field: 'branchCode', message: messages.selectRequired }]],
    [sealLessSchema, { sealLess: true }, []],
    [sealLessSchema, { sealLess: false }, []],
    [sealLessSchema, { sealLess: 'yes' }, [{ field: 'sealLess', message: messages.selectRequired }]],
    [confirmationSchema, { addressConfirmed: true }, []],
    [confirmationSchema, { addressConfirmed: false }, [{ field: 'addressConfirmed', message: messages.addressConfirmationRequired }]],
    [pinEntrySchema, { pin: '1357', pinConfirmation: '1357' }, []],
    [pinEntrySchema, { pin: '1357', pinConfirmation: '1358' }, [{ field: 'pinConfirmation', message: '暗証番号が一致しません。 再度入力してください。' }]],
    [
      pinEntrySchema,
      { pin: '１３５７', pinConfirmation: '１３５７' },
      [
        { field: 'pin', message: '暗証番号は4桁の半角数字で入力してください。' },
        { field: 'pinConfirmation', message: '暗証番号は4桁の半角数字で入力してください。' },
      ],
    ],
    [
      pinEntrySchema,
      { pin: '13579', pinConfirmation: '13579' },
      [
        { field: 'pin', message: messages.pinFormat },
        { field: 'pinConfirmation', message: messages.pinFormat },
      ],
    ],
    [verificationMailSchema, { mailAddress: 'taro@example.jp' }, []],
    [verificationMailSchema, { mailAddress: 'taro@' }, [{ field: 'mailAddress', message: messages.mailInvalid }]],
    [verificationCodeStepSchema, { verificationCode: '12 34 56' }, []],
    [verificationCodeStepSchema, { verificationCode: ' ' }, [{ field: 'verificationCode', message: messages.required }]],
    [verifyRequestSchema, { mailAddress: 'taro@example.jp', verificationCode: '１２３４５６' }, []],
  ] as const)('%#: %j → %j', (schema, input, expected) => {
    expect(errorsOf(validateStep(schema, input))).toEqual(expected);
  });
});

describe('every message is one of ours, whatever arrives', () => {
  const ours = new Set<string>(Object.values(messages).flatMap((m) => (typeof m === 'string' ? [m] : [])));
  const isOurs = (m: string) => ours.has(m) || /^\d+文字以内で入力してください。$/.test(m) || /^(「.+」)+は使用できません。$/u.test(m);
  const anyValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object());
  const schemas = [
    personalSchema(fukuoka),
    workplaceSchema({ occupation: { workplaceRequirement: 'REQUIRED', isOther: true }, multipleAccountsPermitted: true }),
    childPersonalSchema({ ...fukuoka, occupation: null }),
    childParentScreenSchema({ today, childLastName: '山田', childKanaLastName: 'ﾔﾏﾀﾞ', occupation: null }),
    branchSchema,
    sealLessSchema,
    confirmationSchema,
    pinEntrySchema,
    verifyRequestSchema,
  ];
  it.each(schemas.map((s, i) => [i, s] as const))('schema %i', (_, schema) => {
    const keys = Object.keys((schema as unknown as { shape?: object }).shape ?? {}).concat(Object.keys(personal));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), anyValue), (body) => {
        const r = validateStep(schema, body);
        for (const e of errorsOf(r)) expect(isOurs(e.message), `${e.field}: ${e.message}`).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the step schemas and the field registry: every typed field has a rule', () => {
  // A registry entry whose screen's schema has no rule for it would be dropped unsaved (the API keeps
  // only what a step's schema validated). What the API fills itself is not typed: the era year (from
  // the birthday), the mail address (from the verification), the occupation's name (from its id), the
  // workplace code (from the verified workplace) and the branch's name (from its code).
  const filledByTheApi = new Set(['eraBirthday', 'mailAddress', 'occupationName', 'workplaceCode', 'branchName']);
  const keysOf = (schema: { shape: object }) => Object.keys(schema.shape);
  const occupation = { occupation: null };
  const steps = [
    { step: 'personal', flow: 'GENERAL', record: 'application', group: 'applicant', keys: Object.keys(personalShape(fukuoka)), exact: true },
    {
      step: 'workplace',
      flow: 'GENERAL',
      record: 'application',
      group: 'workplace',
      keys: keysOf(workplaceSchema({ ...occupation, multipleAccountsPermitted: true })),
      exact: true,
    },
    { step: 'branch', flow: 'GENERAL', record: 'application', group: 'branch', keys: keysOf(branchSchema), exact: true },
    { step: 'seal-less', flow: 'GENERAL', record: 'application', group: 'sealLess', keys: keysOf(sealLessSchema), exact: true },
    {
      step: 'child personal',
      flow: 'CHILD',
      record: 'application',
      group: 'applicant',
      keys: Object.keys(personalShape({ ...fukuoka, applicationType: 'CHILD' })),
      exact: true,
    },
    // The child's workplace schema also names the general-only fields, as fields that must be absent.
    { step: 'child workplace', flow: 'CHILD', record: 'application', group: 'workplace', keys: keysOf(childWorkplaceSchema(occupation)), exact: false },
    { step: 'child branch', flow: 'CHILD', record: 'application', group: 'branch', keys: keysOf(branchSchema), exact: true },
    {
      step: 'parent (personal and workplace)',
      flow: 'CHILD',
      record: 'parent',
      group: 'parent',
      keys: [...keysOf(childParentSchema({ today, childLastName: '山田', childKanaLastName: 'ﾔﾏﾀﾞ' })), ...keysOf(parentWorkplaceSchema(occupation))],
      exact: true,
    },
  ] as const;

  it.each(steps.map((s) => [s.step, s] as const))('%s', (_, { flow, record, group, keys, exact }) => {
    const typed = fieldsOf(record, undefined, group)
      .filter((f) => f.flows.includes(flow) && !filledByTheApi.has(f.key))
      .map((f) => f.key);
    expect(typed.length).toBeGreaterThan(0);
    if (exact) expect([...keys].sort()).toEqual([...typed].sort());
    else for (const key of typed) expect(keys, key).toContain(key);
  });

  it('covers every group of both records', () => {
    const covered = new Set(steps.map((s) => `${s.record}/${s.group}`));
    const declared = new Set(
      fieldsOf('application')
        .concat(fieldsOf('parent'))
        .map((f) => `${f.record}/${f.group}`),
    );
    expect([...declared].filter((g) => !covered.has(g))).toEqual([]);
  });
});
