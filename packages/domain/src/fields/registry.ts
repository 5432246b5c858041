import type { z } from 'zod';
import type { ApplicationType } from '../constants.ts';
import { genderLabels, proxyReasonLabels, relationshipLabels } from '../constants.ts';
import type { BirthdayKind, DateInput } from '../dates.ts';
import {
  optionalAddressLineSchema,
  optionalKanaAddressSchema,
  optionalKanaTempAddressSchema,
  optionalSearchedKanaSchema,
  optionalSearchedPartSchema,
  optionalTempAddressSchema,
  optionalTempPrefectureSchema,
  subAddressSchema,
} from './address.ts';
import { birthdaySchema } from './birthday.ts';
import { genderSchema, proxyReasonSchema, relationshipSchema } from './choices.ts';
import { distanceReasonTextSchema } from './distance-reason.ts';
import { kanaNamePartSchema } from './kana-name.ts';
import { namePartSchema } from './name.ts';
import { homePhoneSchema, mobilePhoneSchema } from './phone.ts';
import { postalCodeSchema } from './postal-code.ts';
import { purposeOtherTextSchema, purposesSchema } from './purposes.ts';

// Every application field, declared once (docs/decisions/0206-one-field-registry.md): its record
// (SPEC.md §3 "Application" or "Parent application"), its kind, its Japanese label, where it is asked
// (its group: the page's step that carries it; the flows; the person follows from the record and the
// flow, decision 0251), its rule and how it is typed, and how it is shown: in the applicant's answer
// (GET /api/applications), on the confirmation screen, in the back office and in the hand-over file.
// The API's stored shape and answer, the step schemas of the personal and parent pages (askedShape),
// those pages' form values, payloads and plain inputs (the web's forms/person-entry.ts and person-fields.tsx), the
// confirmation sections, the back office's labels and the hand-over columns are derived from this
// list (./display.ts, api/application.ts, the API's schema, view and hand-over). Adding an optional
// field typed on those pages is one entry here (with `rule` and `input`) and one migration; one that
// is handed over also makes a new version of the hand-over file's format (decision 0243: one line in
// the API's adapters/handover-format.ts). The recipe, with the tests that tell what was missed:
// docs/architecture.md, "Recipes: where a change goes".
//
// The order is SPEC.md §3's (the order of the applicant's answer); the confirmation screen shows
// the rows in the same order, fields of one combined row at the first one's place.

export type FieldRecord = 'application' | 'parent';

export type FieldKind =
  | 'name'
  | 'kana'
  | 'date'
  | 'eraYear'
  | 'mail'
  | 'mobile'
  | 'phone'
  | 'postalCode'
  | 'address'
  | 'kanaAddress'
  | 'choice'
  | 'choices'
  | 'text'
  | 'code'
  | 'id'
  | 'flag';

/** The screen a field is typed on (or, for looked-up values, filled by). */
export type FieldGroup = 'applicant' | 'workplace' | 'branch' | 'sealLess' | 'parent';

/** Rows of the confirmation screen that show several fields together (formatted in ./display.ts). */
export type CombinedRow = 'name' | 'kanaName' | 'birthday' | 'address' | 'kanaAddress' | 'purposes' | 'occupation' | 'existingAccount' | 'branch';

/**
 * How the confirmation screen shows a field:
 * - `{ row: CombinedRow }`: as a part of a row that shows several fields;
 * - `{ own: 'always' | 'filled' | 'noneWhenEmpty' }`: a row of its own, always, only when filled, or
 *   with なし when empty; `next` puts the row right after that combined row (the workplace or school
 *   belongs to the occupation it describes; the gender follows the birthday);
 * - absent: not shown there.
 */
export type ConfirmationShow = { row: CombinedRow } | { own: 'always' | 'filled' | 'noneWhenEmpty'; next?: CombinedRow };

/**
 * A field's column in the account hand-over file (docs/decisions/0243-handover-format-versioned.md):
 * its name and the column it follows (`after`, one of the file's own columns in the API's
 * adapters/handover-format.ts or another field's); without `after`, at the end of the line, after
 * every placed column, in this list's order. Two columns never follow the same one: a column put
 * between two names the first, and the second is moved after it. Any change of the file's columns
 * is a new format version, declared beside the file's own columns and announced to the banks.
 */
export interface HandoverPlace {
  column: string;
  after?: string;
}

/** Who a page asks: the applicant (general flow), the child (child flow) or the child's parent. */
export type Person = 'applicant' | 'child' | 'parent';

/** What a field's rule may depend on. */
export interface RuleContext {
  /** The person asked (the birthday's rule: an adult, a child, a parent). */
  person: Person;
  /** Today, from the caller's clock. */
  today: DateInput;
  /** The bank's purpose labels; when given, other labels are refused. */
  purposeChoices?: readonly string[];
}

/** A field's rule where it is typed (./rule-building-blocks.ts): a schema, or one made for the context. */
export type FieldRule = z.ZodType | ((ctx: RuleContext) => z.ZodType);

/**
 * A field typed in a plain text input of its own, the same for every person (the web's
 * forms/person-fields.tsx): labelled with the field's label, marked required when its rule refuses an
 * empty value, a kana field (kind `kana`) made half-width when left, shown right after the part of
 * the page that types the field before it in this list. The field needs a `rule` and a `view`.
 */
export interface PlainInput {
  /** The input's autocomplete; 'off' when absent. */
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  /** A hint under the label. */
  hint?: string;
}

export interface FieldDefinition {
  key: string;
  record: FieldRecord;
  kind: FieldKind;
  /** The Japanese label (the confirmation screen's where the field has a row of its own). */
  label: string;
  group: FieldGroup;
  flows: readonly ApplicationType[];
  /**
   * Its rule (SPEC.md §5) on the personal and parent pages, whose step schemas are made of the rules
   * of the fields they ask (`askedShape`). Absent: not typed (looked up or filled by the API), or
   * typed in a section with rules of its own (the occupation's and the workplace page's, steps/workplace.ts).
   */
  rule?: FieldRule;
  /** Typed in a plain input of its own; absent: typed by a part of the page (the name rows, the birthday, the address …). */
  input?: PlainInput;
  /** Its type in the applicant's answer; absent: not in it. */
  view?: 'text' | 'number' | 'flag';
  /** Stored as a number (an id), not as text. */
  stored?: 'number' | 'flag';
  /** Its column in the hand-over file and the column's place; absent: handed over only inside a combined column, or not at all. */
  handover?: HandoverPlace;
  confirmation?: ConfirmationShow;
  /** Words for the codes of a choice. */
  choices?: Readonly<Record<string, string>>;
  /** Words for a flag: [when set, when not]. */
  flagWords?: readonly [string, string];
}

const both = ['GENERAL', 'CHILD'] as const;
const general = ['GENERAL'] as const;
const child = ['CHILD'] as const;

const birthdayKinds: Readonly<Record<Person, BirthdayKind>> = { applicant: 'GENERAL', child: 'CHILD', parent: 'PARENT' };
/** 18 or over for the applicant and the parent, born and under 18 for the child (SPEC.md §5). */
const birthdayRule = (c: RuleContext) => birthdaySchema(birthdayKinds[c.person], c.today);

/** A part of the address the search fills, in kanji or kana: optional alone, required across fields (steps/personal.ts). */
const searchedPart = <const K extends string>(key: K, label: string) =>
  ({ key, kind: 'address', label, view: 'text', confirmation: { row: 'address' }, rule: optionalSearchedPartSchema }) as const;
const searchedKana = <const K extends string>(key: K, label: string) =>
  ({ key, kind: 'kanaAddress', label, view: 'text', confirmation: { row: 'kanaAddress' }, rule: optionalSearchedKanaSchema }) as const;

const applicantFields = [
  {
    key: 'lastName',
    kind: 'name',
    label: '姓',
    view: 'text',
    handover: { column: 'last_name', after: 'kana_first_name' },
    confirmation: { row: 'name' },
    rule: namePartSchema,
  },
  {
    key: 'firstName',
    kind: 'name',
    label: '名',
    view: 'text',
    handover: { column: 'first_name', after: 'last_name' },
    confirmation: { row: 'name' },
    rule: namePartSchema,
  },
  {
    key: 'kanaLastName',
    kind: 'kana',
    label: 'セイ',
    view: 'text',
    handover: { column: 'kana_last_name', after: 'application_type' },
    confirmation: { row: 'kanaName' },
    rule: kanaNamePartSchema,
  },
  {
    key: 'kanaFirstName',
    kind: 'kana',
    label: 'メイ',
    view: 'text',
    handover: { column: 'kana_first_name', after: 'kana_last_name' },
    confirmation: { row: 'kanaName' },
    rule: kanaNamePartSchema,
  },
  {
    key: 'gender',
    kind: 'choice',
    label: '性別',
    view: 'text',
    handover: { column: 'gender', after: 'first_name' },
    confirmation: { own: 'always', next: 'birthday' },
    choices: genderLabels,
    rule: genderSchema,
  },
  {
    key: 'birthday',
    kind: 'date',
    label: '生年月日',
    view: 'text',
    handover: { column: 'birthday', after: 'gender' },
    confirmation: { row: 'birthday' },
    rule: birthdayRule,
  },
  { key: 'eraBirthday', kind: 'eraYear', label: '生年（和暦）', view: 'text' },
  { key: 'mailAddress', kind: 'mail', label: 'メールアドレス', handover: { column: 'mail_address', after: 'phone_number' } },
  {
    key: 'mobilePhoneNumber',
    kind: 'mobile',
    label: '携帯電話番号',
    view: 'text',
    handover: { column: 'mobile_phone_number', after: 'kana_address' },
    confirmation: { own: 'always' },
    rule: mobilePhoneSchema,
  },
  {
    key: 'phoneNumber',
    kind: 'phone',
    label: '自宅電話番号',
    view: 'text',
    handover: { column: 'phone_number', after: 'mobile_phone_number' },
    confirmation: { own: 'noneWhenEmpty' },
    rule: homePhoneSchema,
  },
  {
    key: 'postalNumber',
    kind: 'postalCode',
    label: '郵便番号',
    view: 'text',
    handover: { column: 'postal_number', after: 'birthday' },
    confirmation: { own: 'always' },
    rule: postalCodeSchema,
  },
  { key: 'addressCode', kind: 'code', label: '住所コード', view: 'text', confirmation: { row: 'address' }, rule: optionalSearchedPartSchema },
  searchedPart('addressPrefecture', '都道府県'),
  searchedPart('addressMunicipality', '市区町村'),
  searchedPart('addressSection', '町域'),
  searchedPart('addressChome', '丁目'),
  searchedKana('kanaAddressPrefecture', '都道府県（カナ）'),
  searchedKana('kanaAddressMunicipality', '市区町村（カナ）'),
  searchedKana('kanaAddressSection', '町域（カナ）'),
  searchedKana('kanaAddressChome', '丁目（カナ）'),
  { key: 'address', kind: 'address', label: '番地', view: 'text', confirmation: { row: 'address' }, rule: optionalAddressLineSchema },
  { key: 'subAddress', kind: 'address', label: '建物名・部屋番号', view: 'text', confirmation: { row: 'address' }, rule: subAddressSchema },
  { key: 'kanaAddress', kind: 'kanaAddress', label: '番地（カナ）', view: 'text', confirmation: { row: 'kanaAddress' }, rule: optionalKanaAddressSchema },
  {
    key: 'kanaSubAddress',
    kind: 'kanaAddress',
    label: '建物名・部屋番号（カナ）',
    view: 'text',
    confirmation: { row: 'kanaAddress' },
    rule: optionalKanaAddressSchema,
  },
  {
    key: 'tempAddressPrefecture',
    kind: 'address',
    label: '仮住所 都道府県',
    view: 'text',
    confirmation: { row: 'address' },
    rule: optionalTempPrefectureSchema,
  },
  { key: 'tempAddress', kind: 'address', label: '仮住所', view: 'text', confirmation: { row: 'address' }, rule: optionalTempAddressSchema },
  {
    key: 'kanaTempAddress',
    kind: 'kanaAddress',
    label: '仮住所（カナ）',
    view: 'text',
    confirmation: { row: 'kanaAddress' },
    rule: optionalKanaTempAddressSchema,
  },
] as const;

const workplaceFields = [
  { key: 'occupationId', kind: 'id', label: '職業ID', stored: 'number' },
  {
    key: 'occupationName',
    kind: 'text',
    label: '職業',
    view: 'text',
    handover: { column: 'occupation_name', after: 'mail_address' },
    confirmation: { row: 'occupation' },
  },
  { key: 'occupationOther', kind: 'text', label: '職業（その他）', view: 'text', confirmation: { row: 'occupation' } },
  { key: 'workplaceCode', kind: 'code', label: '勤務先コード', view: 'text', flows: general, confirmation: { own: 'noneWhenEmpty' } },
  { key: 'workplaceId', kind: 'id', label: '勤務先ID', view: 'number', stored: 'number', flows: general },
  {
    key: 'workplaceName',
    kind: 'text',
    label: '勤務先名',
    view: 'text',
    handover: { column: 'workplace_name', after: 'occupation_name' },
    confirmation: { own: 'filled', next: 'occupation' },
  },
  {
    key: 'workplacePhoneNumber',
    kind: 'phone',
    label: '勤務先電話番号',
    view: 'text',
    handover: { column: 'workplace_phone_number', after: 'workplace_name' },
    confirmation: { own: 'filled', next: 'occupation' },
  },
  { key: 'invitationCode', kind: 'code', label: '紹介コード', view: 'text', confirmation: { own: 'noneWhenEmpty' } },
  { key: 'existedAccountBranchCode', kind: 'code', label: '既存口座 店番', view: 'text', flows: general, confirmation: { row: 'existingAccount' } },
  { key: 'existedAccountNumber', kind: 'code', label: '既存口座 口座番号', view: 'text', flows: general, confirmation: { row: 'existingAccount' } },
] as const;

const laterFields = [
  {
    key: 'branchCode',
    group: 'branch',
    kind: 'code',
    label: '取引店番号',
    view: 'text',
    handover: { column: 'branch_code', after: 'bank_code' },
    confirmation: { row: 'branch' },
  },
  { key: 'branchName', group: 'branch', kind: 'text', label: '取引店', view: 'text', confirmation: { row: 'branch' } },
  {
    key: 'sealLess',
    group: 'sealLess',
    kind: 'flag',
    label: '届出印',
    view: 'flag',
    stored: 'flag',
    flows: general,
    handover: { column: 'seal_less', after: 'workplace_phone_number' },
    confirmation: { own: 'always' },
    flagWords: ['印鑑を届け出ない（印鑑レス口座）', '印鑑を届け出る'],
  },
  {
    key: 'utilizationPurpose',
    group: 'applicant',
    kind: 'choices',
    label: 'お取引の目的',
    view: 'text',
    handover: { column: 'utilization_purpose', after: 'seal_less' },
    confirmation: { row: 'purposes' },
    rule: (c: RuleContext) => purposesSchema(c.purposeChoices),
  },
  {
    key: 'utilizationPurposeOther',
    group: 'applicant',
    kind: 'text',
    label: 'お取引の目的（その他）',
    view: 'text',
    confirmation: { row: 'purposes' },
    rule: purposeOtherTextSchema,
  },
  {
    key: 'distanceTransactionReason',
    group: 'applicant',
    kind: 'text',
    label: '遠隔地でのお取引の理由',
    view: 'text',
    confirmation: { own: 'filled' },
    rule: distanceReasonTextSchema,
  },
] as const;

const parentFields = [
  {
    key: 'lastName',
    kind: 'name',
    label: '姓',
    view: 'text',
    handover: { column: 'parent_last_name', after: 'utilization_purpose' },
    confirmation: { row: 'name' },
    rule: namePartSchema,
  },
  {
    key: 'firstName',
    kind: 'name',
    label: '名',
    view: 'text',
    handover: { column: 'parent_first_name', after: 'parent_last_name' },
    confirmation: { row: 'name' },
    rule: namePartSchema,
  },
  {
    key: 'kanaLastName',
    kind: 'kana',
    label: 'セイ',
    view: 'text',
    handover: { column: 'parent_kana_last_name', after: 'parent_first_name' },
    confirmation: { row: 'kanaName' },
    rule: kanaNamePartSchema,
  },
  {
    key: 'kanaFirstName',
    kind: 'kana',
    label: 'メイ',
    view: 'text',
    handover: { column: 'parent_kana_first_name', after: 'parent_kana_last_name' },
    confirmation: { row: 'kanaName' },
    rule: kanaNamePartSchema,
  },
  {
    key: 'birthday',
    kind: 'date',
    label: '生年月日',
    view: 'text',
    handover: { column: 'parent_birthday', after: 'parent_kana_first_name' },
    confirmation: { row: 'birthday' },
    rule: birthdayRule,
  },
  {
    key: 'relationship',
    kind: 'choice',
    label: 'お子さまとの続柄',
    view: 'text',
    handover: { column: 'parent_relationship', after: 'parent_birthday' },
    confirmation: { own: 'always' },
    choices: relationshipLabels,
    rule: relationshipSchema,
  },
  { key: 'mobilePhoneNumber', kind: 'mobile', label: '携帯電話番号', view: 'text', confirmation: { own: 'always' }, rule: mobilePhoneSchema },
  { key: 'phoneNumber', kind: 'phone', label: '自宅電話番号', view: 'text', confirmation: { own: 'noneWhenEmpty' }, rule: homePhoneSchema },
  {
    key: 'proxyApplicationReason',
    kind: 'choice',
    label: '代理でのお申込みの理由',
    view: 'text',
    confirmation: { own: 'always' },
    choices: proxyReasonLabels,
    rule: proxyReasonSchema,
  },
  { key: 'occupationId', kind: 'id', label: '職業ID', stored: 'number' },
  { key: 'occupationName', kind: 'text', label: '職業', view: 'text', confirmation: { row: 'occupation' } },
  { key: 'occupationOther', kind: 'text', label: '職業（その他）', view: 'text', confirmation: { row: 'occupation' } },
  { key: 'workplaceName', kind: 'text', label: '勤務先名', view: 'text', confirmation: { own: 'filled', next: 'occupation' } },
  { key: 'workplacePhoneNumber', kind: 'phone', label: '勤務先電話番号', view: 'text', confirmation: { own: 'filled', next: 'occupation' } },
] as const;

type Entry = Omit<FieldDefinition, 'record' | 'group' | 'flows'> & { group?: FieldGroup; flows?: readonly ApplicationType[] };
const declare = <const E extends readonly Entry[], R extends FieldRecord, G extends FieldGroup, L extends readonly ApplicationType[]>(
  record: R,
  group: G,
  flows: L,
  entries: E,
) =>
  entries.map((e) => ({ group, flows, ...e, record })) as unknown as {
    [I in keyof E]: E[I] & { record: R; group: E[I] extends { group: infer X } ? X : G; flows: E[I] extends { flows: infer X } ? X : L };
  };

/** Every field, in SPEC.md §3's order: the application's, then the parent's. */
export const fieldRegistry = [
  ...declare('application', 'applicant', both, applicantFields),
  ...declare('application', 'workplace', both, workplaceFields),
  ...declare('application', 'applicant', both, laterFields),
  ...declare('parent', 'parent', child, parentFields),
] as const satisfies readonly FieldDefinition[];

export type FieldRegistry = readonly FieldDefinition[];
type Registered = (typeof fieldRegistry)[number];

/** The keys of a record's fields. */
export type FieldKey<R extends FieldRecord> = Extract<Registered, { record: R }>['key'];
/** The keys of a record's fields that are in the applicant's answer, by their type there. */
export type ViewKey<R extends FieldRecord, T extends 'text' | 'number' | 'flag'> = Extract<Registered, { record: R; view: T }>['key'];
/** The keys of a record's fields of some kinds (e.g. every phone: `KindKey<'application', 'mobile' | 'phone'>`). */
export type KindKey<R extends FieldRecord, K extends FieldKind> = Extract<Registered, { record: R; kind: K }>['key'];
/** The keys a record stores as numbers / flags (the rest are text). */
export type StoredKey<R extends FieldRecord, T extends 'number' | 'flag'> = Extract<Registered, { record: R; stored: T }>['key'];

const personRecord = { applicant: 'application', child: 'application', parent: 'parent' } as const satisfies Record<Person, FieldRecord>;
const personFlow = { applicant: 'GENERAL', child: 'CHILD', parent: 'CHILD' } as const satisfies Record<Person, ApplicationType>;

type AskedOf<F, P extends Person, G extends FieldGroup> = F extends { record: (typeof personRecord)[P]; group: G; flows: readonly (infer T)[] }
  ? (typeof personFlow)[P] extends T
    ? F
    : never
  : never;
/** The entries a page of a group asks a person (of either person, for a union), at the type level. */
export type Asked<P extends Person, G extends FieldGroup> = P extends Person ? AskedOf<Registered, P, G> : never;
/** The keys of the fields a page of a group asks a person that are typed in a plain input (`input`). */
export type InputKey<P extends Person, G extends FieldGroup> = Extract<Asked<P, G>, { input: PlainInput }>['key'];
/** The keys of the phones a page of a group asks a person. */
export type PhoneKey<P extends Person, G extends FieldGroup> = Extract<Asked<P, G>, { kind: 'mobile' | 'phone' }>['key'];
type RuleSchema<R> = R extends (ctx: RuleContext) => infer S ? S : R;
/** The rules of the fields a page of a group asks a person, by key: its step's shape. */
export type AskedShape<P extends Person, G extends FieldGroup> = {
  [F in Extract<Asked<P, G>, { rule: FieldRule }> as F['key']]: RuleSchema<F['rule']>;
};

/** The fields a page of a group asks a person (its record's, carried by its flow), in order. */
export const askedFields = (person: Person, group: FieldGroup, registry: FieldRegistry = fieldRegistry): FieldDefinition[] =>
  registry.filter((f) => f.record === personRecord[person] && f.group === group && f.flows.includes(personFlow[person]));

/** A field's rule in a context (none for a field without one). */
export const ruleOf = (field: FieldDefinition, ctx: RuleContext): z.ZodType | undefined => (typeof field.rule === 'function' ? field.rule(ctx) : field.rule);

/**
 * The shape of the step that a page of a group saves for a person: the rule of every field it asks, in
 * registry order. The page's cross-field rules are the step's own (steps/personal.ts, steps/child-parent.ts).
 */
export function askedShape<P extends Person, G extends FieldGroup>(
  person: P,
  group: G,
  ctx: Omit<RuleContext, 'person'>,
  registry: FieldRegistry = fieldRegistry,
): AskedShape<P, G> {
  const context = { ...ctx, person };
  return Object.fromEntries(
    askedFields(person, group, registry).flatMap((f) => {
      const rule = ruleOf(f, context);
      return rule ? [[f.key, rule]] : [];
    }),
  ) as AskedShape<P, G>;
}

/** The fields of a record (optionally of one group), in order. */
export const fieldsOf = (record: FieldRecord, registry: FieldRegistry = fieldRegistry, group?: FieldGroup): FieldDefinition[] =>
  registry.filter((f) => f.record === record && (group === undefined || f.group === group));

/** The keys of a record's fields of some kinds, in order. */
export const keysOfKind = <R extends FieldRecord, K extends FieldKind>(
  record: R,
  kinds: readonly K[],
  registry: FieldRegistry = fieldRegistry,
): KindKey<R, K>[] => registry.filter((f) => f.record === record && (kinds as readonly FieldKind[]).includes(f.kind)).map((f) => f.key as KindKey<R, K>);

/** A field's words for a stored value: a choice's label, a flag's words, else the value itself ('' for none). */
export function fieldWords(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined || value === '') return field.kind === 'flag' && field.flagWords ? field.flagWords[0] : '';
  if (field.kind === 'flag' && field.flagWords) return value === false || value === 0 ? field.flagWords[1] : field.flagWords[0];
  if (field.choices) return field.choices[String(value)] ?? '';
  return String(value);
}

/**
 * The values an object carries for the fields of a record, by key: what a validated step typed (a
 * step schema keeps only the keys it declares). Looked-up and derived values are the caller's to add.
 */
export function fieldValuesIn(record: FieldRecord, values: object, registry: FieldRegistry = fieldRegistry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of registry) if (f.record === record && Object.hasOwn(values, f.key)) out[f.key] = (values as Record<string, unknown>)[f.key];
  return out;
}
