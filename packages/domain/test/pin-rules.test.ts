import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import type { PinContext } from '../src/pin-rules.ts';
import { checkPin, forbiddenAddressPins, forbiddenBirthdayPins, forbiddenPhonePins, pinAddressKeys, pinPhoneKeys, pinViolations } from '../src/pin-rules.ts';
import { fieldRegistry } from '../src/fields/registry.ts';

// An applicant born 1990-03-05 (平成2年) whose data gives no other forbidden PIN than those tested.
const base: PinContext = {
  birthday: '1990-03-05',
  mobilePhoneNumber: '090-1111-2468',
  phoneNumber: '092-111-1357',
  workplacePhoneNumber: '092-222-9753',
  addressPrefecture: '福岡県',
  addressMunicipality: '福岡市中央区',
  addressSection: '天神',
  addressChome: '１丁目',
  address: '1-2-3',
  subAddress: '天神ビル1203',
  kanaAddressPrefecture: 'ﾌｸｵｶｹﾝ',
  kanaAddressMunicipality: 'ﾌｸｵｶｼﾁｭｳｵｳｸ',
  kanaAddressSection: 'ﾃﾝｼﾞﾝ',
  kanaAddressChome: '1ﾁｮｳﾒ',
  kanaAddress: '1-2-3',
  kanaSubAddress: 'ﾃﾝｼﾞﾝﾋﾞﾙ1203',
  tempAddressPrefecture: null,
  tempAddress: null,
  kanaTempAddress: null,
};

const valid = '4826';

describe('a valid PIN', () => {
  it('passes every rule', () => {
    expect(checkPin(valid, valid, base)).toEqual([]);
    expect(pinViolations(valid, null, base)).toEqual([]);
  });

  it('passes with an empty context', () => {
    expect(checkPin('1234', '1234', {})).toEqual([]);
  });
});

describe('mismatch and format', () => {
  it('refuses two different entries', () => {
    expect(checkPin(valid, '4827', base)).toEqual([messages.pinMismatch]);
  });

  it.each(['123', '12345', '１２３４', 'abcd', '', '12 4', '12a4', ' 1234', '1234\n'])('refuses %j as not 4 half-width digits', (pin) => {
    expect(checkPin(pin, pin, base)).toEqual([messages.pinFormat]);
  });

  it('reports mismatch before format', () => {
    expect(checkPin('123', '1234', base)).toEqual([messages.pinMismatch, messages.pinFormat]);
  });

  it('skips the mismatch rule when no confirmation is given (the server)', () => {
    expect(pinViolations('1234', null, {})).toEqual([]);
  });
});

describe('four identical digits', () => {
  it.each(['0000', '1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888', '9999'])('refuses %s', (pin) => {
    expect(checkPin(pin, pin, {})).toEqual([messages.pinSameDigits]);
  });

  it.each(['0001', '1112', '1211'])('accepts %s', (pin) => {
    expect(checkPin(pin, pin, {})).toEqual([]);
  });
});

describe('birthday', () => {
  // Every combination of the list in pin-rules.ts, written out by hand.
  const cases: { birthday: string; era: string; pins: Record<string, string> }[] = [
    {
      birthday: '1990-03-05',
      era: '平成2年',
      pins: {
        YYYY: '1990',
        MMDD: '0305',
        DDMM: '0503',
        YYMM: '9003',
        MMYY: '0390',
        YYDD: '9005',
        DDYY: '0590',
        EEMM: '0203',
        MMEE: '0302',
        EEDD: '0205',
        DDEE: '0502',
        YYmd: '9035',
        EEmd: '0235',
        eMMd: '2035',
        emDD: '2305',
        mdYY: '3590',
        mdEE: '3502',
        MMde: '0352',
        mDDe: '3052',
        dmYY: '5390',
        dmEE: '5302',
        DDme: '0532',
        dMMe: '5032',
      },
    },
    {
      birthday: '1987-11-23',
      era: '昭和62年',
      pins: {
        YYYY: '1987',
        MMDD: '1123',
        DDMM: '2311',
        YYMM: '8711',
        MMYY: '1187',
        YYDD: '8723',
        DDYY: '2387',
        EEMM: '6211',
        MMEE: '1162',
        EEDD: '6223',
        DDEE: '2362',
      },
    },
    {
      birthday: '2005-01-09',
      era: '平成17年',
      pins: {
        YYYY: '2005',
        MMDD: '0109',
        DDMM: '0901',
        YYMM: '0501',
        MMYY: '0105',
        YYDD: '0509',
        DDYY: '0905',
        EEMM: '1701',
        MMEE: '0117',
        EEDD: '1709',
        DDEE: '0917',
        YYmd: '0519',
        yMMd: '5019',
        ymDD: '5109',
        EEmd: '1719',
        mdYY: '1905',
        MMdy: '0195',
        mDDy: '1095',
        mdEE: '1917',
        dmYY: '9105',
        DDmy: '0915',
        dMMy: '9015',
        dmEE: '9117',
      },
    },
  ];

  for (const { birthday, era, pins } of cases) {
    describe(`born ${birthday} (${era})`, () => {
      it.each(Object.entries(pins))(`refuses %s = %s`, (_pattern, pin) => {
        expect(checkPin(pin, pin, { birthday })).toEqual([messages.pinBirthday]);
      });

      it('refuses nothing else', () => {
        expect(forbiddenBirthdayPins(birthday).sort()).toEqual([...new Set(Object.values(pins))].sort());
      });
    });
  }

  it.each([
    // [birthday, era, a PIN only the era year explains]
    ['1989-01-07', '昭和64年', '6401'],
    ['1989-01-08', '平成元年', '0101'],
    ['2019-04-30', '平成31年', '3104'],
    ['2019-05-01', '令和元年', '0101'],
    ['1926-12-25', '昭和元年', '0112'],
  ])('uses the era year: %s is %s', (birthday, _era, pin) => {
    expect(forbiddenBirthdayPins(birthday)).toContain(pin);
  });

  it('does not confuse the last day of an era with the next', () => {
    expect(forbiddenBirthdayPins('1989-01-07')).not.toContain('0101');
    expect(forbiddenBirthdayPins('2019-04-30')).not.toContain('0104');
  });

  it.each(['', '1990-3-5', '1990-02-30', 'not a date', '19900305'])('ignores an unparsable birthday %j', (birthday) => {
    expect(forbiddenBirthdayPins(birthday)).toEqual([]);
    expect(checkPin('1990', '1990', { birthday })).toEqual([]);
  });

  it("refuses the parent's birthday for a child application", () => {
    const child: PinContext = { birthday: '2015-06-15', parent: { birthday: '1984-07-21' } };
    expect(checkPin('0721', '0721', child)).toEqual([messages.pinBirthday]);
    expect(checkPin('0615', '0615', child)).toEqual([messages.pinBirthday]);
    expect(checkPin('4826', '4826', child)).toEqual([]);
  });
});

describe('phone numbers', () => {
  it.each([
    ['mobile', '2468'],
    ['home', '1357'],
    ['workplace', '9753'],
  ])('refuses the last 4 digits of the %s phone', (_which, pin) => {
    expect(checkPin(pin, pin, base)).toEqual([messages.pinPhone]);
  });

  it('does not refuse other parts of a phone number', () => {
    expect(forbiddenPhonePins('090-1111-2468', '092-111-1357', '092-222-9753').sort()).toEqual(['1357', '2468', '9753']);
    expect(checkPin('0901', '0901', base)).toEqual([]);
  });

  it('ignores missing phones and counts full-width digits', () => {
    expect(forbiddenPhonePins(null, undefined, '', '12')).toEqual([]);
    expect(forbiddenPhonePins('０９０－１２３４－５６７８')).toEqual(['5678']);
  });

  // Decision 0244: every phone of the field registry counts, a phone added later by itself.
  const registryPhones = fieldRegistry.filter((f) => f.kind === 'mobile' || f.kind === 'phone');
  it.each(registryPhones.map((f) => [f.record, f.key, f.label] as const))('refuses the last 4 digits of the registry phone %s.%s (%s)', (record, key) => {
    const phone = { [key]: '092-555-7031' };
    const context: PinContext = record === 'parent' ? { parent: phone } : phone;
    expect(checkPin('7031', '7031', context)).toEqual([messages.pinPhone]);
    expect(checkPin(valid, valid, context)).toEqual([]);
  });

  it('counts the phones SPEC.md §5 names, found in the registry by their kind', () => {
    expect(pinPhoneKeys.application).toEqual(expect.arrayContaining(['mobilePhoneNumber', 'phoneNumber', 'workplacePhoneNumber']));
    expect(pinPhoneKeys.parent).toEqual(expect.arrayContaining(['mobilePhoneNumber', 'phoneNumber', 'workplacePhoneNumber']));
    expect(registryPhones).toHaveLength(pinPhoneKeys.application.length + pinPhoneKeys.parent.length);
  });

  it("refuses the parent's phones for a child application", () => {
    const child: PinContext = {
      mobilePhoneNumber: '080-1111-2468',
      parent: { mobilePhoneNumber: '090-3333-4567', phoneNumber: '095-123-7890', workplacePhoneNumber: '095-888-6543' },
    };
    for (const pin of ['2468', '4567', '7890', '6543']) expect(checkPin(pin, pin, child)).toEqual([messages.pinPhone]);
  });
});

describe('address', () => {
  it('refuses the digits of a building and room number', () => {
    expect(checkPin('1203', '1203', base)).toEqual([messages.pinAddress]);
  });

  it('accepts digits of an address string with fewer than 4 digits', () => {
    // 1-2-3 has three digits; 天神ビル1203 gives only 1203.
    expect(checkPin('1230', '1230', base)).toEqual([]);
    expect(checkPin('0123', '0123', base)).toEqual([]);
  });

  it.each([
    ['address', '12-34-56', ['1234', '3456']],
    ['address', '１２３４', ['1234']],
    ['subAddress', '天神ビル1203', ['1203']],
    ['subAddress', 'ハイツ21 5678号室', ['2156', '5678']],
    ['kanaAddress', '2-10-15', ['2101', '1015']],
    ['kanaSubAddress', 'ﾃﾝｼﾞﾝﾋﾞﾙ4321', ['4321']],
    ['tempAddress', '博多駅前3-25-1', ['3251']],
    ['kanaTempAddress', 'ﾊｶﾀｴｷﾏｴ3-25-18', ['3251', '2518']],
    ['addressSection', '字2045', ['2045']],
    ['addressChome', '１２３４丁目', ['1234']],
    ['kanaAddressSection', 'ｱｻﾞ2045', ['2045']],
    ['kanaAddressChome', '1234ﾁｮｳﾒ', ['1234']],
    ['addressMunicipality', '第2345区', ['2345']],
    ['kanaAddressMunicipality', 'ﾀﾞｲ2345ｸ', ['2345']],
    ['addressPrefecture', '県1357', ['1357']],
    ['kanaAddressPrefecture', 'ｹﾝ1357', ['1357']],
    ['tempAddressPrefecture', '県2468', ['2468']],
  ] as const)('refuses the first and last 4 digits of %s %j', (key, value, pins) => {
    expect(forbiddenAddressPins(value).sort()).toEqual([...pins].sort());
    for (const pin of pins) expect(checkPin(pin, pin, { [key]: value })).toEqual([messages.pinAddress]);
    expect(checkPin(valid, valid, { [key]: value })).toEqual([]);
  });

  it('checks every address field of the registry (kinds address and kanaAddress)', () => {
    const registryAddresses = fieldRegistry.filter((f) => f.record === 'application' && (f.kind === 'address' || f.kind === 'kanaAddress')).map((f) => f.key);
    expect([...pinAddressKeys].sort()).toEqual([...registryAddresses].sort());
    expect(pinAddressKeys).toEqual(
      expect.arrayContaining(['address', 'subAddress', 'kanaAddress', 'kanaSubAddress', 'tempAddress', 'kanaTempAddress', 'addressChome']),
    );
    for (const key of pinAddressKeys) expect(checkPin('2045', '2045', { [key]: '2045' })).toEqual([messages.pinAddress]);
  });

  it('does not refuse digits from the middle of an address', () => {
    // 12-34-56 → digits 123456: first 1234, last 3456; 2345 is in the middle.
    expect(checkPin('2345', '2345', { address: '12-34-56' })).toEqual([]);
  });
});

describe('several rules at once', () => {
  it('lists every broken rule in the order of SPEC.md §5', () => {
    const ctx: PinContext = { birthday: '2011-11-11', mobilePhoneNumber: '090-0000-1111', address: '1111' };
    expect(checkPin('1111', '1112', ctx)).toEqual([messages.pinMismatch, messages.pinSameDigits, messages.pinBirthday, messages.pinPhone, messages.pinAddress]);
    expect(pinViolations('1111', '1111', ctx)).toEqual(['sameDigits', 'birthday', 'phone', 'address']);
  });
});
