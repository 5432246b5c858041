// Every Japanese message of SPEC.md sections 4, 5 and 8, written once.
// Web and API import from here; no component or handler types a message inline.

export const messages = {
  // Required messages (SPEC.md §5)
  required: '入力が必須です。',
  selectRequired: '選択が必須です。',
  addressNotSearched: '住所を検索してください',
  postalCodeInvalid: '郵便番号を7桁の半角数字で入力してください。',
  otherRequired: '「その他」の場合は入力が必須です。',

  // Lengths
  maxLength: (n: number) => `${n}文字以内で入力してください。`,

  // Characters
  disallowedChars: (chars: string) => `${chars}は使用できません。`,
  /** Invisible or direction-changing characters (Unicode Cc, Cf, Zl, Zp, lone surrogates) in any text field. */
  forbiddenChars: '使用できない文字が含まれています。',
  romanNumeral: '数字を変換してください。（例：「Ⅰ Ⅱ Ⅲ」→「1 2 3」）',
  katakana: 'カタカナで入力してください。',

  // Birthday
  birthdayInvalid: '生年月日を正しく入力してください。',
  generalUnder18: '18歳未満の方はお申込みできません。',
  childNotEligible: '生まれていない又は18歳以上の方はお申込みできません。',
  parentUnder18: '18歳未満の方は親権者としてお申込みできません。',

  // Phones
  mobilePhoneInvalid: '携帯電話番号を正しく入力してください。',
  homePhoneInvalid: '自宅電話番号を正しく入力してください。',
  workplacePhoneInvalid: '勤務先電話番号を正しく入力してください。',

  // Codes
  codeNotConfirmed: '「適用」または「クリア」でコードを確定してください。',
  workplaceCodeNotFound: '該当するコードがありません。正しく入力されているかご確認ください。',
  invitationCodeNotFound: '該当する紹介コードがありません。正しく入力されているかご確認ください。',
  workplaceCodeFound: 'コードが確認できました。',
  invitationCodeFound: '紹介コードが確認できました。',
  workplaceCodeLength: '勤務先コードは6桁または8桁で入力してください。',
  invitationCodeLength: '紹介コードは6桁で入力してください。',
  codeReminder: '勤務先コードまたは紹介コードの入力漏れはありませんか？',

  // Existing account
  existingAccountInvalid: '店番・口座番号を正しく入力してください。',

  // Mail and verification
  mailInvalid: 'メールアドレスを正しく入力してください。',
  verificationFailed: '認証に失敗しました。 認証コードが正しく入力されているかご確認ください。',
  tooManyRequests: '短時間に多くのお申込みがありました。しばらく経ってから再度お試しください。',

  // PIN
  pinMismatch: '暗証番号が一致しません。 再度入力してください。',
  pinFormat: '暗証番号は4桁の半角数字で入力してください。',
  pinSameDigits: '入力された暗証番号は設定できません。',
  pinBirthday: '生年月日は暗証番号に利用できません。',
  pinPhone: '電話番号の一部は暗証番号に利用できません。',
  pinAddress: '住所の一部は暗証番号に利用できません。',

  // Parent
  parentSurnameDiffers: '親権者さまとお子さまの姓が異なっています。',
  parentKanaSurnameDiffers: '親権者さまとお子さまの姓(セイ)が異なっています。',

  // Confirmation, eligibility
  addressConfirmed: '確認しました',
  addressConfirmationRequired: '「確認しました」にチェックを入れてください。',
  residenceNotEligible: 'お住まいの地域ではWebでのお申込みができません。お近くの支店にご相談ください。',
  bankMismatch: '金融機関コードが正しくありません。',

  // Error screens (SPEC.md §8)
  sessionError: 'お申込みから一定時間が経過したため、お申込みを中断しました。お手数ですが、再度お申込みをお願いいたします。',
  systemError: 'ご迷惑をお掛けしており、誠に申し訳ございません。しばらく経ってから再度お申込をお願いいたします。',
  ekycError: '本人確認時にエラーが発生しました。お手数ですが、再度本人確認をお願いいたします。',
  uploadError: '現住所確認書類のアップロード時にエラーが発生しました。お手数ですが、再度アップロードをお願いいたします。',
  // Documents the server cannot decode, or whose header declares too many pixels (issue 12).
  imageUnreadable: '画像を読み取れませんでした。JPEG・PNG・HEIC形式の写真を選んでください。',
  imageTooLarge: '画像の画素数が大きすぎます。写真を撮り直すか、縮小してからお送りください。',

  // Blocked confirmation steps (SPEC.md §4 and §8)
  conditionsNotMet: '上記の条件を満たしていない場合、本サービスはご利用いただけません。お近くの支店にご相談ください。',
  branchVisitNote: '支店へのご来店は事前にご予約ください。ご予約なしでのご来店の場合、当日のお手続きができない場合がございます。',
  blockedExistingAccount: 'すでに当行に口座をお持ちの方は、本サービスはご利用いただけません。お近くの支店にご相談ください。',
  blockedNoDocument: '本人確認書類をお持ちでない方、または記載の住所が現住所と異なる方は、本サービスはご利用いただけません。お近くの支店にご相談ください。',
  blockedUnder18: '18歳未満の方は、本サービスはご利用いただけません。親権者さまによるお子さまの口座開設をご利用いただくか、お近くの支店にご相談ください。',
  regulationRefused: 'ご同意いただけない場合、本サービスはご利用いただけません。',
  childConditionsNotMet: '親権者さままたはお子さまが上記の条件を満たしていない場合、本サービスはご利用いただけません。お近くの支店にご相談ください。',
  branchUnavailable: '申し訳ございません。お住まいの市区町村には当行の支店がないため、Webでのお申込みはご利用いただけません。',
  /** The child flow from the amended ordinance on (decision 0248): no IC-chip card of the child's own. */
  childChipUnavailable:
    '申し訳ございません。2027年4月1日からの法令の改正により、お子さまのICチップ付きのマイナンバーカードがない場合は、Webでのお申込みはご利用いただけません。',
  childChipUnavailableNote:
    'お手数ですが、親権者さまの本人確認書類とお子さまの本人確認書類（住民票の写し・健康保険の資格確認書など）をお持ちのうえ、お近くの店舗の窓口でお手続きください。ご来店の際は事前のご予約をおすすめします。ここまでのご入力内容で口座が開設されることはありません。',

  // Address-match toast on identity-check preparation (SPEC.md §2.5)
  addressMatchToast: '運転免許証・マイナンバーカード等の本人確認資料と現在お住まいの住所は一致していますか？',
} as const;

/**
 * The `message` of the API's generic error answers `{ code, message }`, by HTTP status: for a person
 * reading the response; the web decides what to show from the status (SPEC.md §8).
 */
export const httpStatusMessages = {
  400: 'リクエストの内容が正しくありません。',
  401: messages.sessionError,
  403: 'この操作は許可されていません。',
  404: 'お探しのページまたはデータが見つかりません。',
  405: 'この操作は許可されていません。',
  409: 'お申込みの状態により、この操作はできません。',
  413: '送信されたデータが大きすぎます。',
  415: '送信されたデータの形式には対応していません。',
  421: 'このアドレスではご利用いただけません。',
  429: messages.tooManyRequests,
  500: messages.systemError,
  503: messages.systemError,
} as const satisfies Record<number, string>;
