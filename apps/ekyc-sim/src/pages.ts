import type { SessionRow } from './store.ts';

// The simulator's own smartphone pages, rendered on the server. No inline script or style
// (the CSP allows only 'self'); the capture page's camera handling is /assets/capture.js.
// Every value from a request or the database goes through `escapeHtml`.

export const serviceName = '本人確認サービス（シミュレーター）';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Markup that is already safe (built here from escaped parts). */
class Safe {
  readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
}
type Part = string | number | Safe | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Safe) return part.html;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** Tagged template: interpolated values are escaped unless they are `Safe`. */
function html(strings: TemplateStringsArray, ...values: Part[]): Safe {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Safe(out);
}

function layout(options: { title: string; body: Safe; script?: string }): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="format-detection" content="telephone=no">
<title>${escapeHtml(options.title)}｜${serviceName}</title>
<link rel="stylesheet" href="/assets/style.css">
${options.script ? `<script src="/assets/${options.script}" defer></script>\n` : ''}</head>
<body>
<header class="site-header">
  <span class="site-mark" aria-hidden="true">ID</span>
  <span class="site-name">本人確認サービス<span class="site-sim">（シミュレーター）</span></span>
</header>
<main class="page" id="main">
${options.body.html}
</main>
<footer class="site-footer">
  <p>この画面は、銀行口座開設の本人確認（eKYC）を模したシミュレーターです。実在の本人確認事業者ではありません。</p>
</footer>
</body>
</html>
`;
}

export type CaptureStepId = 'front' | 'back' | 'tilt' | 'face';

export interface CaptureStep {
  readonly id: CaptureStepId;
  readonly title: string;
  readonly instruction: string;
  readonly facing: 'environment' | 'user';
}

export const captureSteps: readonly CaptureStep[] = [
  {
    id: 'front',
    title: '本人確認書類（表面）',
    instruction: '書類を平らな場所に置き、表面全体が枠に収まるように真上から撮影してください。文字がはっきり読めることを確認してください。',
    facing: 'environment',
  },
  {
    id: 'back',
    title: '本人確認書類（裏面）',
    instruction: '書類を裏返し、裏面全体が枠に収まるように真上から撮影してください。裏面に記載がない場合も撮影が必要です。',
    facing: 'environment',
  },
  {
    id: 'tilt',
    title: '本人確認書類（斜めから・厚みの確認）',
    instruction: '書類の表面を斜め上（約45度）から撮影し、書類の厚みが写るようにしてください。',
    facing: 'environment',
  },
  {
    id: 'face',
    title: '顔写真（自撮り）',
    instruction: '明るい場所で、正面を向いて顔全体が枠に収まるように撮影してください。帽子・マスク・サングラスは外してください。',
    facing: 'user',
  },
];

export const outcomeChoices = [
  { value: 'PASSED', label: '本人確認OK' },
  { value: 'ADDRESS_MISMATCH', label: '住所不一致（補完書類が必要）' },
  { value: 'FAILED', label: '本人確認NG' },
] as const;

export const methodLabels = {
  PHOTO_ID_AND_FACE: '本人確認書類と顔写真の撮影',
  JPKI: 'マイナンバーカード（公的個人認証）',
  IC_CHIP_AND_FACE: 'ICチップの読み取りと顔写真の撮影',
} as const;

export interface PageContext {
  readonly session: SessionRow;
  readonly token: string;
  /** Outside production: show the tester's outcome picker. */
  readonly showOutcomePicker: boolean;
  readonly error?: string;
}

function sessionPath(ctx: PageContext, suffix = ''): string {
  return `/s/${encodeURIComponent(ctx.session.id)}${suffix}?t=${encodeURIComponent(ctx.token)}`;
}

function methodBadge(session: SessionRow): Safe {
  return html`<p class="method-badge"><span class="method-badge-label">本人確認の方法</span>${methodLabels[session.usedMethod ?? session.method]}</p>`;
}

function errorAlert(message: string | undefined): Safe | null {
  return message ? html`<div class="alert" role="alert" id="form-error"><p>${message}</p></div>` : null;
}

function outcomePicker(show: boolean): Safe | null {
  if (!show) return null;
  return html`<fieldset class="test-outcome">
  <legend>テスト用：判定結果</legend>
  <p class="hint">開発・テスト環境だけに表示されます。送信後、ここで選んだ結果を銀行に返します。</p>
  ${outcomeChoices.map(
    (choice, i) =>
      html`<label class="choice"><input type="radio" name="outcome" value="${choice.value}"${new Safe(i === 0 ? ' checked' : '')}><span>${choice.label}</span></label>`,
  )}
</fieldset>`;
}

/** The photo ID's four captures, or (IC-chip reading) the face alone. */
export function capturePage(ctx: PageContext): string {
  if (ctx.session.usedMethod === 'IC_CHIP_AND_FACE') {
    return captureForm(
      ctx,
      captureSteps.filter((s) => s.id === 'face'),
      {
        title: '顔写真の撮影',
        intro: 'ICチップから読み取った顔写真と照合するため、お顔の写真を1枚撮影して送信します。',
      },
    );
  }
  return captureForm(ctx, captureSteps, {
    title: '本人確認書類と顔写真の撮影',
    intro:
      '運転免許証・マイナンバーカードなど、顔写真付きの本人確認書類をお手元にご用意ください。書類の表面・裏面・斜めからの写真と、お顔の写真の4枚を撮影して送信します。',
  });
}

/** The child's face (a child application from the amended ordinance on, decision 0248 of the bank's service). */
const childFaceStep: CaptureStep = {
  id: 'face',
  title: 'お子さまの顔写真',
  instruction: '明るい場所で、お子さまが正面を向き、顔全体が枠に収まるように撮影してください。',
  facing: 'environment',
};

function captureForm(
  ctx: PageContext,
  chosen: readonly CaptureStep[],
  words: { title: string; intro: string; lead?: string },
  form: { action: string; outcome: boolean } = { action: '/submit', outcome: true },
): string {
  const { session } = ctx;
  // Numbered in the form's own order (the face alone is step 1 after an IC-chip read).
  const steps = chosen.map(
    (
      step,
      index,
    ) => html`<section class="step" id="step-${step.id}" aria-labelledby="step-${step.id}-title" data-step="${step.id}" data-title="${step.title}" data-facing="${step.facing}">
  <h2 id="step-${step.id}-title" tabindex="-1"><span class="step-no">${index + 1}</span> ${step.title}</h2>
  <p class="instruction">${step.instruction}</p>
  <div class="camera" hidden>
    <div class="viewfinder viewfinder-${step.facing === 'user' ? 'face' : 'document'}">
      <video playsinline muted aria-label="${step.title}のカメラ映像"></video>
      <div class="guide" aria-hidden="true"></div>
    </div>
    <button type="button" class="button primary" data-action="shoot">撮影する</button>
  </div>
  <button type="button" class="button secondary" data-action="start" hidden>カメラを起動する</button>
  <div class="preview" hidden>
    <img alt="${step.title}の撮影画像">
    <p class="done">撮影しました</p>
    <button type="button" class="button secondary" data-action="retake">撮り直す</button>
  </div>
  <div class="file-field">
    <label for="capture-${step.id}">${step.title}の写真を選ぶ</label>
    <input id="capture-${step.id}" name="${step.id}" type="file" accept="image/*" capture="${step.facing}" required>
  </div>
</section>`,
  );
  const body = html`${methodBadge(session)}
<h1>${words.title}</h1>
<p class="lead">${words.lead ?? `${session.applicant.name} 様`}</p>
<p>${words.intro}</p>
${errorAlert(ctx.error)}
<p class="camera-status" id="camera-status" role="status" aria-live="polite"></p>
<form class="capture-form" method="post" action="${sessionPath(ctx, form.action)}" enctype="multipart/form-data" aria-label="撮影した写真の送信">
${steps}
${form.outcome ? outcomePicker(ctx.showOutcomePicker) : null}
<div class="submit-area">
  <p class="hint">${form.outcome ? '送信すると、撮影した写真で本人確認を行い、お申し込みの画面に戻ります。' : '送信すると、親権者さまの本人確認に進みます。'}</p>
  <button type="submit" class="button primary" data-busy-text="送信しています…">送信する</button>
</div>
</form>`;
  return layout({ title: words.title, body, script: 'capture.js' });
}

export function jpkiStartPage(ctx: PageContext): string {
  const error = ctx.error;
  const body = html`${methodBadge(ctx.session)}
<h1>マイナンバーカードで本人確認</h1>
<p class="lead">${ctx.session.applicant.name} 様</p>
<p>実際のお手続きでは、ここでスマートフォンの「マイナンバーカード読み取りアプリ」が起動します。アプリはスマートフォンのNFC（かざして読み取る機能）でマイナンバーカードのICチップを読み取り、<strong>署名用電子証明書</strong>のパスワード（英数字6〜16文字）で本人であることを確認します。</p>
<h2>ご用意いただくもの</h2>
<ul class="prepare">
  <li>マイナンバーカード（ご本人のもの）</li>
  <li>署名用電子証明書のパスワード（英数字6〜16文字）</li>
  <li>NFCに対応したスマートフォン</li>
</ul>
<div class="sim-note">
  <p>このシミュレーターはカードを読み取りません。パスワードは形式だけを確認し、保存しません。読み取り結果として、お申し込みの氏名・生年月日・住所を返します。</p>
</div>
${errorAlert(error)}
<form class="jpki-form" method="post" action="${sessionPath(ctx, '/jpki/read')}" aria-label="マイナンバーカードの読み取り">
  <div class="field">
    <label for="jpki-password">署名用パスワード</label>
    <p class="hint" id="jpki-password-hint">英数字6〜16文字</p>
    <input id="jpki-password" name="password" type="password" required minlength="6" maxlength="16"
      pattern="[A-Za-z0-9]{6,16}" autocomplete="off" autocapitalize="characters" spellcheck="false"
      aria-describedby="jpki-password-hint${new Safe(error ? ' form-error' : '')}"${new Safe(error ? ' aria-invalid="true"' : '')}>
  </div>
  <button type="submit" class="button primary">アプリで読み取る</button>
</form>
<section class="alternative" aria-labelledby="ic-chip-title">
  <h2 id="ic-chip-title">署名用パスワードがわからない場合</h2>
  <p>マイナンバーカード・運転免許証などのICチップを読み取り、顔写真を撮影して本人確認することもできます。</p>
  <form method="post" action="${sessionPath(ctx, '/ic-chip')}" aria-label="ICチップの読み取りと顔写真で本人確認">
    <button type="submit" class="button secondary">ICチップと顔写真で本人確認する</button>
  </form>
</section>`;
  return layout({ title: 'マイナンバーカードで本人確認', body });
}

/** The form of an IC-chip read: the card's 4-digit PIN (for its printed items), checked for its form only. */
function chipPinForm(ctx: PageContext, form: { action: string; id: string; label: string; name: string }): Safe {
  const invalid = Boolean(ctx.error);
  return html`<form class="jpki-form" method="post" action="${sessionPath(ctx, form.action)}" aria-label="${form.name}">
  <div class="field">
    <label for="${form.id}">${form.label}</label>
    <p class="hint" id="${form.id}-hint">数字4桁</p>
    <input id="${form.id}" name="pin" type="password" inputmode="numeric" required minlength="4" maxlength="4" pattern="[0-9]{4}" autocomplete="off"
      aria-describedby="${form.id}-hint${new Safe(invalid ? ' form-error' : '')}"${new Safe(invalid ? ' aria-invalid="true"' : '')}>
  </div>
  <button type="submit" class="button primary">ICチップを読み取る</button>
</form>`;
}

/** IC-chip reading (the card's 4-digit PIN for its printed items), then the face photo. */
export function icChipStartPage(ctx: PageContext): string {
  const error = ctx.error;
  const body = html`${methodBadge(ctx.session)}
<h1>ICチップの読み取り</h1>
<p class="lead">${ctx.session.applicant.name} 様</p>
<p>実際のお手続きでは、スマートフォンのNFCでマイナンバーカードまたは運転免許証のICチップを読み取り、氏名・住所・生年月日と顔写真を確認します。そのあと、お顔の写真を撮影して照合します。</p>
<h2>ご用意いただくもの</h2>
<ul class="prepare">
  <li>マイナンバーカードまたは運転免許証（ご本人のもの）</li>
  <li>カードの暗証番号（数字4桁）</li>
  <li>NFCに対応したスマートフォン</li>
</ul>
<div class="sim-note">
  <p>このシミュレーターはカードを読み取りません。暗証番号は形式だけを確認し、保存しません。読み取り結果として、お申し込みの氏名・生年月日・住所を返します。</p>
</div>
${errorAlert(error)}
${chipPinForm(ctx, { action: '/ic-chip/read', id: 'ic-chip-pin', label: 'カードの暗証番号', name: 'ICチップの読み取り' })}`;
  return layout({ title: 'ICチップの読み取り', body });
}

/**
 * A child application (the bank's service from the amended ordinance on): first the IC chip of the
 * child's own My Number card (its 4-digit PIN for the printed items), read by the parent's phone.
 */
export function childChipPage(ctx: PageContext): string {
  const error = ctx.error;
  const child = ctx.session.child;
  const body = html`<p class="method-badge"><span class="method-badge-label">お子さまの本人確認</span>${methodLabels.IC_CHIP_AND_FACE}</p>
<h1>お子さまのマイナンバーカードの読み取り</h1>
<p class="lead">${child?.name ?? ''} 様（お子さま）</p>
<p>はじめに、お子さまご本人のマイナンバーカードのICチップを親権者さまのスマートフォンで読み取り、氏名・住所・生年月日と顔写真を確認します。そのあと、お子さまのお顔を撮影し、続けて親権者さまの本人確認を行います。</p>
<h2>ご用意いただくもの</h2>
<ul class="prepare">
  <li>お子さまのマイナンバーカード（ICチップ付き・顔写真付き）</li>
  <li>お子さまのカードの暗証番号（数字4桁）</li>
  <li>NFCに対応したスマートフォン</li>
</ul>
<div class="sim-note">
  <p>このシミュレーターはカードを読み取りません。暗証番号は形式だけを確認し、保存しません。読み取り結果として、お申し込みのお子さまの氏名・生年月日・住所を返します。</p>
</div>
${errorAlert(error)}
${chipPinForm(ctx, { action: '/child/read', id: 'child-pin', label: 'お子さまのカードの暗証番号', name: 'お子さまのICチップの読み取り' })}`;
  return layout({ title: 'お子さまのマイナンバーカードの読み取り', body });
}

/** Then the child's face, compared with the chip's photo. */
export function childFacePage(ctx: PageContext): string {
  return captureForm(
    ctx,
    [childFaceStep],
    {
      title: 'お子さまの顔写真の撮影',
      intro: 'ICチップから読み取った顔写真と照合するため、お子さまのお顔の写真を1枚撮影して送信します。',
      lead: `${ctx.session.child?.name ?? ''} 様（お子さま）`,
    },
    { action: '/child/face', outcome: false },
  );
}

export function jpkiConfirmPage(ctx: PageContext): string {
  const a = ctx.session.applicant;
  const body = html`${methodBadge(ctx.session)}
<h1>読み取った内容の確認</h1>
<p>マイナンバーカードの署名用電子証明書から、次の内容を読み取りました。</p>
<dl class="certified" aria-label="署名用電子証明書の記録事項">
  <div><dt>氏名</dt><dd>${a.name}</dd></div>
  <div><dt>生年月日</dt><dd>${japaneseDate(a.birthday)}</dd></div>
  <div><dt>住所</dt><dd>${a.address}</dd></div>
</dl>
${errorAlert(ctx.error)}
<form method="post" action="${sessionPath(ctx, '/submit')}" aria-label="本人確認の送信">
${outcomePicker(ctx.showOutcomePicker)}
<div class="submit-area">
  <p class="hint">送信すると、この内容で本人確認を行い、お申し込みの画面に戻ります。</p>
  <button type="submit" class="button primary">送信する</button>
</div>
</form>`;
  return layout({ title: '読み取った内容の確認', body });
}

export function messagePage(options: { title: string; message: string; returnUrl?: string }): string {
  const body = html`<h1>${options.title}</h1>
<p>${options.message}</p>
${options.returnUrl ? html`<p><a class="button primary" href="${options.returnUrl}">お申し込みの画面に戻る</a></p>` : null}`;
  return layout({ title: options.title, body });
}

export function homePage(): string {
  const body = html`<h1>${serviceName}</h1>
<p>銀行口座開設のお申し込みで使う本人確認（eKYC）を模したサービスです。この画面は、お申し込みの画面から本人確認を始めたときに表示されます。</p>
<p>本人確認の方法は次のとおりです。</p>
<ul class="prepare">
  <li>${methodLabels.PHOTO_ID_AND_FACE}</li>
  <li>${methodLabels.JPKI}</li>
  <li>${methodLabels.IC_CHIP_AND_FACE}</li>
</ul>`;
  return layout({ title: 'ご案内', body });
}

export function japaneseDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return m ? `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日` : isoDate;
}
