// Japanese labels of the SPEC.md §3 fields as staff read them (the detail screen shows every
// field the API answers; one not listed here is shown under its own name rather than hidden).

export const applicationLabels: Record<string, string> = {
  applicationType: '申込種別',
  bankCode: '銀行コード',
  lastName: '姓',
  firstName: '名',
  kanaLastName: 'セイ',
  kanaFirstName: 'メイ',
  gender: '性別',
  birthday: '生年月日',
  eraBirthday: '生年（和暦）',
  mailAddress: 'メールアドレス',
  mobilePhoneNumber: '携帯電話番号',
  phoneNumber: '自宅電話番号',
  postalNumber: '郵便番号',
  addressCode: '住所コード',
  addressPrefecture: '都道府県',
  addressMunicipality: '市区町村',
  addressSection: '町域',
  addressChome: '丁目',
  kanaAddressPrefecture: '都道府県（カナ）',
  kanaAddressMunicipality: '市区町村（カナ）',
  kanaAddressSection: '町域（カナ）',
  kanaAddressChome: '丁目（カナ）',
  address: '番地',
  subAddress: '建物名・部屋番号',
  kanaAddress: '番地（カナ）',
  kanaSubAddress: '建物名・部屋番号（カナ）',
  tempAddressPrefecture: '仮住所 都道府県',
  tempAddress: '仮住所',
  kanaTempAddress: '仮住所（カナ）',
  occupationName: '職業',
  occupationOther: '職業（その他）',
  workplaceCode: '勤務先コード',
  workplaceId: '勤務先ID',
  workplaceName: '勤務先名・学校名',
  workplacePhoneNumber: '勤務先電話番号',
  invitationCode: '紹介コード',
  existedAccountBranchCode: '既存口座 店番',
  existedAccountNumber: '既存口座 口座番号',
  branchCode: '取引店番号',
  branchName: '取引店',
  sealLess: '印鑑レス',
  utilizationPurpose: '取引目的',
  utilizationPurposeOther: '取引目的（その他）',
  distanceTransactionReason: '遠隔地での取引理由',
};

export const parentLabels: Record<string, string> = {
  lastName: '姓',
  firstName: '名',
  kanaLastName: 'セイ',
  kanaFirstName: 'メイ',
  birthday: '生年月日',
  relationship: '続柄',
  mobilePhoneNumber: '携帯電話番号',
  phoneNumber: '自宅電話番号',
  proxyApplicationReason: '代理申込の理由',
  occupationName: '職業',
  occupationOther: '職業（その他）',
  workplaceName: '勤務先名',
  workplacePhoneNumber: '勤務先電話番号',
};

export const documentTypeLabels: Record<string, string> = {
  INDIVIDUAL_NUMBER_CARD: 'マイナンバーカード',
  CERTIFICATE_RESIDENCE: '住民票の写し',
  MATERNITY_HANDBOOK: '母子健康手帳',
  CURRENT_ADDRESS_DOCUMENT: '現住所確認書類',
};

export const ekycMethodLabels: Record<string, string> = {
  PHOTO_ID_AND_FACE: '本人確認書類の撮影＋容貌の撮影（ホ方式）',
  JPKI: '公的個人認証（マイナンバーカード）',
};

export const ekycStatusLabels: Record<number, string> = {
  1: '開始',
  2: '確認中',
  4: '確認済（銀行確認待ち）',
  8: '否認',
  9: '期限切れ',
};

export function displayValue(value: string | number | boolean | null): string {
  if (value === null || value === '') return '—';
  if (value === true) return 'あり';
  if (value === false) return 'なし';
  return String(value);
}
