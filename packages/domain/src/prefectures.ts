// The 47 prefectures in JIS X 0401 order, with the half-width katakana used by the kana address
// fields (the same spelling as Japan Post's postal-code data, e.g. ﾎｯｶｲﾄﾞｳ with a small ｯ).

export interface Prefecture {
  /** JIS X 0401 code, '01'..'47'. */
  code: string;
  name: string;
  /** Half-width katakana. */
  kana: string;
}

const rows: readonly (readonly [string, string])[] = [
  ['北海道', 'ﾎｯｶｲﾄﾞｳ'],
  ['青森県', 'ｱｵﾓﾘｹﾝ'],
  ['岩手県', 'ｲﾜﾃｹﾝ'],
  ['宮城県', 'ﾐﾔｷﾞｹﾝ'],
  ['秋田県', 'ｱｷﾀｹﾝ'],
  ['山形県', 'ﾔﾏｶﾞﾀｹﾝ'],
  ['福島県', 'ﾌｸｼﾏｹﾝ'],
  ['茨城県', 'ｲﾊﾞﾗｷｹﾝ'],
  ['栃木県', 'ﾄﾁｷﾞｹﾝ'],
  ['群馬県', 'ｸﾞﾝﾏｹﾝ'],
  ['埼玉県', 'ｻｲﾀﾏｹﾝ'],
  ['千葉県', 'ﾁﾊﾞｹﾝ'],
  ['東京都', 'ﾄｳｷｮｳﾄ'],
  ['神奈川県', 'ｶﾅｶﾞﾜｹﾝ'],
  ['新潟県', 'ﾆｲｶﾞﾀｹﾝ'],
  ['富山県', 'ﾄﾔﾏｹﾝ'],
  ['石川県', 'ｲｼｶﾜｹﾝ'],
  ['福井県', 'ﾌｸｲｹﾝ'],
  ['山梨県', 'ﾔﾏﾅｼｹﾝ'],
  ['長野県', 'ﾅｶﾞﾉｹﾝ'],
  ['岐阜県', 'ｷﾞﾌｹﾝ'],
  ['静岡県', 'ｼｽﾞｵｶｹﾝ'],
  ['愛知県', 'ｱｲﾁｹﾝ'],
  ['三重県', 'ﾐｴｹﾝ'],
  ['滋賀県', 'ｼｶﾞｹﾝ'],
  ['京都府', 'ｷｮｳﾄﾌ'],
  ['大阪府', 'ｵｵｻｶﾌ'],
  ['兵庫県', 'ﾋｮｳｺﾞｹﾝ'],
  ['奈良県', 'ﾅﾗｹﾝ'],
  ['和歌山県', 'ﾜｶﾔﾏｹﾝ'],
  ['鳥取県', 'ﾄｯﾄﾘｹﾝ'],
  ['島根県', 'ｼﾏﾈｹﾝ'],
  ['岡山県', 'ｵｶﾔﾏｹﾝ'],
  ['広島県', 'ﾋﾛｼﾏｹﾝ'],
  ['山口県', 'ﾔﾏｸﾞﾁｹﾝ'],
  ['徳島県', 'ﾄｸｼﾏｹﾝ'],
  ['香川県', 'ｶｶﾞﾜｹﾝ'],
  ['愛媛県', 'ｴﾋﾒｹﾝ'],
  ['高知県', 'ｺｳﾁｹﾝ'],
  ['福岡県', 'ﾌｸｵｶｹﾝ'],
  ['佐賀県', 'ｻｶﾞｹﾝ'],
  ['長崎県', 'ﾅｶﾞｻｷｹﾝ'],
  ['熊本県', 'ｸﾏﾓﾄｹﾝ'],
  ['大分県', 'ｵｵｲﾀｹﾝ'],
  ['宮崎県', 'ﾐﾔｻﾞｷｹﾝ'],
  ['鹿児島県', 'ｶｺﾞｼﾏｹﾝ'],
  ['沖縄県', 'ｵｷﾅﾜｹﾝ'],
];

export const prefectures: readonly Prefecture[] = rows.map(([name, kana], i) => ({
  code: String(i + 1).padStart(2, '0'),
  name,
  kana,
}));

export const prefectureNames: readonly string[] = prefectures.map((p) => p.name);

export const prefectureByCode = (code: string): Prefecture | undefined => prefectures.find((p) => p.code === code);
export const prefectureByName = (name: string): Prefecture | undefined => prefectures.find((p) => p.name === name);
export const isPrefectureName = (name: string): boolean => prefectureNames.includes(name);
