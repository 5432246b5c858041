import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { apiKey, applicant, createSession, fourImages, getSession, jpeg, makeApp, multipart, png, productionConfig } from './helpers.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
function app(instance = makeApp()): FastifyInstance {
  apps.push(instance);
  return instance;
}

const stepTitles = ['本人確認書類（表面）', '本人確認書類（裏面）', '本人確認書類（斜めから・厚みの確認）', '顔写真（自撮り）'];
const outcomeLabels = ['本人確認OK', '住所不一致（補完書類が必要）', '本人確認NG'];
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('capture page (photo ID + face)', () => {
  it('shows the four guided steps, the camera fallback and the tester outcome picker outside production', async () => {
    const sim = app();
    const { path, token } = await createSession(sim);
    const response = await sim.inject({ method: 'GET', url: `${path}?t=${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('本人確認サービス');
    expect(html).toContain('本人確認書類と顔写真の撮影');
    stepTitles.forEach((title, i) => expect(html).toContain(`<span class="step-no">${i + 1}</span> ${title}</h2>`));
    expect(html.match(/撮影する<\/button>/g)).toHaveLength(4);
    expect(html.match(/撮り直す<\/button>/g)).toHaveLength(4);
    expect(html).toContain('capture="environment"');
    expect(html).toContain('capture="user"');
    expect(html).toContain('<legend>テスト用：判定結果</legend>');
    outcomeLabels.forEach((label) => expect(html).toContain(`<span>${label}</span>`));
    expect(html).toMatch(/value="PASSED" checked/);
    expect(html).toContain('<button type="submit" class="button primary" data-busy-text="送信しています…">送信する</button>');
    expect(html).toContain('<script src="/assets/capture.js" defer></script>');
    // No inline script or style: the CSP allows only the simulator's own files.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/);
    const csp = String(response.headers['content-security-policy']);
    for (const directive of ["script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:", "media-src 'self' blob:", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toContain("form-action 'self' http://bank.test");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('has no outcome picker in production', async () => {
    const config = productionConfig();
    const sim = app(buildApp({ config }));
    const created = await sim.inject({
      method: 'POST',
      url: '/v1/sessions',
      headers: { 'x-api-key': config.apiKey },
      payload: { reference: 'R', returnUrl: 'https://bank.example.jp/ekyc', callbackUrl: 'https://bank.example.jp/cb', method: 'PHOTO_ID_AND_FACE', applicant },
    });
    const url = new URL((created.json() as { url: string }).url);
    const response = await sim.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(response.statusCode).toBe(200);
    stepTitles.forEach((title) => expect(response.body).toContain(title));
    expect(response.body).not.toContain('テスト用：判定結果');
    outcomeLabels.forEach((label) => expect(response.body).not.toContain(label));
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('serves its script and stylesheet', async () => {
    const sim = app();
    const js = await sim.inject({ method: 'GET', url: '/assets/capture.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('text/javascript');
    expect(js.body).toContain('getUserMedia');
    const css = await sim.inject({ method: 'GET', url: '/assets/style.css' });
    expect(css.headers['content-type']).toContain('text/css');
    expect((await sim.inject({ method: 'GET', url: '/assets/../src/app.ts' })).statusCode).toBe(404);
  });

  it('answers a Japanese 404 page for an unknown session or a wrong token, without details', async () => {
    const sim = app();
    const { path } = await createSession(sim);
    for (const url of [`${path}?t=wrong`, path, '/s/unknown?t=x']) {
      const response = await sim.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('ページが見つかりません');
      expect(response.body).not.toMatch(/Error|stack|at /);
    }
  });

  it('answers 410 for an expired session', async () => {
    let now = Date.parse('2026-05-01T00:00:00Z');
    const sim = app(makeApp({ clock: () => now }));
    const { path, token } = await createSession(sim);
    now += 61 * 60 * 1000;
    const response = await sim.inject({ method: 'GET', url: `${path}?t=${token}` });
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('有効期限が切れています');
    expect(response.body).toContain('href="http://bank.test/ekyc/return"');
  });

  it('accepts four images, keeps only their sizes and hashes, applies the picked outcome and returns the browser', async () => {
    const sim = app();
    const { sessionId, path, token } = await createSession(sim);
    const body = await multipart({ outcome: 'ADDRESS_MISMATCH' }, fourImages);
    const response = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, ...body });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('http://bank.test/ekyc/return');
    expect((await getSession(sim, sessionId)).status).toBe('ADDRESS_MISMATCH');
    const stored = sim.sim.store.findSession(sessionId);
    expect(stored?.captures).toMatchObject({
      front: { type: 'image/jpeg', bytes: jpeg.length },
      tilt: { type: 'image/png' },
      face: { type: 'image/jpeg' },
    });
    expect(stored?.captures?.front?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const again = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, ...(await multipart({}, fourImages)) });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('送信済み');
    const reopened = await sim.inject({ method: 'GET', url: `${path}?t=${token}` });
    expect(reopened.body).toContain('本人確認は送信済みです');
  });

  it('keeps the images it checked and gives them to the bank through its API once decided, as a real provider does', async () => {
    const sim = app();
    const { sessionId, path, token } = await createSession(sim);
    const imagePath = (kind: string) => `/v1/sessions/${sessionId}/images/${kind}`;
    const get = (url: string, key = apiKey) => sim.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
    // Nothing before the submission, and never without the API key.
    expect((await get(imagePath('front'))).statusCode).toBe(404);
    const response = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, ...(await multipart({ outcome: 'PASSED' }, fourImages)) });
    expect(response.statusCode).toBe(303);
    const view = await getSession(sim, sessionId);
    expect(view.result.images).toEqual([
      { kind: 'front', contentType: 'image/jpeg', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { kind: 'back', contentType: 'image/jpeg', sha256: expect.any(String) },
      { kind: 'tilt', contentType: 'image/png', sha256: expect.any(String) },
      { kind: 'face', contentType: 'image/jpeg', sha256: expect.any(String) },
    ]);
    const face = await get(imagePath('face'));
    expect(face.statusCode).toBe(200);
    expect(face.headers['content-type']).toBe('image/jpeg');
    expect(face.rawPayload.equals(jpeg)).toBe(true);
    const tilt = await get(imagePath('tilt'));
    expect(tilt.headers['content-type']).toBe('image/png');
    expect(tilt.rawPayload.equals(png)).toBe(true);
    expect((await get(imagePath('face'), 'wrong-key')).statusCode).toBe(401);
    expect((await get(imagePath('passport'))).statusCode).toBe(404);
  });

  it('gives no images of a check that failed', async () => {
    const sim = app();
    const { sessionId, path, token } = await createSession(sim);
    await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, ...(await multipart({ outcome: 'FAILED' }, fourImages)) });
    expect((await getSession(sim, sessionId)).result.images).toBeUndefined();
    expect((await sim.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/images/front`, headers: { 'x-api-key': apiKey } })).statusCode).toBe(404);
  });

  it('defaults to PASSED when no outcome is sent', async () => {
    const sim = app();
    const { sessionId, path, token } = await createSession(sim);
    const response = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, ...(await multipart({}, fourImages)) });
    expect(response.statusCode).toBe(303);
    expect((await getSession(sim, sessionId)).status).toBe('PASSED');
  });

  it('refuses a text file posted as a capture', async () => {
    const sim = app();
    const { sessionId, path, token } = await createSession(sim);
    const files = { ...fourImages, back: { data: Buffer.from('hello, this is not a photo\n'), type: 'image/jpeg', name: 'back.jpg' } };
    const response = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, ...(await multipart({}, files)) });
    expect(response.statusCode).toBe(415);
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('「本人確認書類（裏面）」が画像ではありません');
    expect((await getSession(sim, sessionId)).status).toBe('CREATED');
  });

  it('refuses a submission with a step missing', async () => {
    const sim = app();
    const { sessionId, path, token } = await createSession(sim);
    const { face: _face, ...three } = fourImages;
    const response = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, ...(await multipart({}, three)) });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('撮影が済んでいない写真があります：顔写真（自撮り）');
    expect((await getSession(sim, sessionId)).status).toBe('CREATED');
  });

  it('refuses an image over 10 MB', async () => {
    const sim = app();
    const { path, token } = await createSession(sim);
    const big = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]);
    const files = { ...fourImages, front: { data: big, type: 'image/jpeg' } };
    const response = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, ...(await multipart({}, files)) });
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain('10MBまで');
  });

  it('refuses a submission with a wrong token', async () => {
    const sim = app();
    const { sessionId, path } = await createSession(sim);
    const response = await sim.inject({ method: 'POST', url: `${path}/submit?t=guess`, ...(await multipart({}, fourImages)) });
    expect(response.statusCode).toBe(404);
    expect((await getSession(sim, sessionId)).status).toBe('CREATED');
  });
});

describe('JPKI hand-off pages', () => {
  it('explains the app hand-off, reads the card with the signing password and shows the certified identity', async () => {
    const sim = app();
    const { sessionId, path, token } = await createSession(sim, { method: 'JPKI' });
    const start = await sim.inject({ method: 'GET', url: `${path}?t=${token}` });
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain('<h1>マイナンバーカードで本人確認</h1>');
    expect(start.body).toContain('NFC');
    expect(start.body).toContain('<label for="jpki-password">署名用パスワード</label>');
    expect(start.body).toContain('アプリで読み取る</button>');
    expect(start.body).not.toContain('撮影する');

    const tooShort = await sim.inject({ method: 'POST', url: `${path}/jpki/read?t=${token}`, headers: form, payload: 'password=ABC12' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('署名用パスワードは英数字6〜16文字で入力してください。');
    expect(tooShort.body).toContain('aria-invalid="true"');

    const early = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, headers: form, payload: 'outcome=PASSED' });
    expect(early.statusCode).toBe(409);

    const read = await sim.inject({ method: 'POST', url: `${path}/jpki/read?t=${token}`, headers: form, payload: 'password=ABCD1234' });
    expect(read.statusCode).toBe(303);
    expect(read.headers.location).toBe(`${path}?t=${token}`);

    const confirm = await sim.inject({ method: 'GET', url: `${path}?t=${token}` });
    expect(confirm.body).toContain('読み取った内容の確認');
    expect(confirm.body).toContain(applicant.name);
    expect(confirm.body).toContain('1990年4月1日');
    expect(confirm.body).toContain(applicant.address);
    expect(confirm.body).toContain('テスト用：判定結果');
    expect(confirm.body).not.toContain('ABCD1234');

    const submit = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, headers: form, payload: 'outcome=PASSED' });
    expect(submit.statusCode).toBe(303);
    expect(submit.headers.location).toBe('http://bank.test/ekyc/return');
    expect(await getSession(sim, sessionId)).toMatchObject({ status: 'PASSED', result: { certified: applicant } });
    // The signing certificate's four items (the gender as the bank sent it) and its validity.
    const { certificate } = (await getSession(sim, sessionId)).result;
    expect(certificate).toMatchObject({
      name: applicant.name,
      birthday: applicant.birthday,
      address: applicant.address,
      serialNumber: expect.stringMatching(/^[0-9A-F]{16}$/),
    });
    expect(Date.parse(certificate.notAfter)).toBeGreaterThan(Date.now());
    expect(Date.parse(certificate.notBefore)).toBeLessThan(Date.now());
    // The password is never stored.
    const dump = JSON.stringify(sim.sim.store.db.prepare('SELECT * FROM sessions').all());
    expect(dump).not.toContain('ABCD1234');
  });

  it('offers IC-chip reading with a face photo to an applicant without the signing password, and says which method was used', async () => {
    const sim = app();
    const { sessionId, path, token } = await createSession(sim, { method: 'JPKI' });
    const start = await sim.inject({ method: 'GET', url: `${path}?t=${token}` });
    expect(start.body).toContain('<h2 id="ic-chip-title">署名用パスワードがわからない場合</h2>');
    const chosen = await sim.inject({ method: 'POST', url: `${path}/ic-chip?t=${token}`, headers: form, payload: '' });
    expect(chosen.statusCode).toBe(303);
    // Chosen once: the JPKI read is no longer offered, nor a second choice.
    expect((await sim.inject({ method: 'POST', url: `${path}/jpki/read?t=${token}`, headers: form, payload: 'password=ABCD1234' })).statusCode).toBe(404);
    expect((await sim.inject({ method: 'POST', url: `${path}/ic-chip?t=${token}`, headers: form, payload: '' })).statusCode).toBe(404);

    const chipPage = await sim.inject({ method: 'GET', url: `${path}?t=${token}` });
    expect(chipPage.body).toContain('<h1>ICチップの読み取り</h1>');
    expect(chipPage.body).toContain('<label for="ic-chip-pin">カードの暗証番号</label>');
    const early = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, ...(await multipart({}, { face: fourImages.face })) });
    expect(early.statusCode).toBe(409);
    const wrong = await sim.inject({ method: 'POST', url: `${path}/ic-chip/read?t=${token}`, headers: form, payload: 'pin=12a4' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('暗証番号は数字4桁で入力してください。');
    expect((await sim.inject({ method: 'POST', url: `${path}/ic-chip/read?t=${token}`, headers: form, payload: 'pin=1234' })).statusCode).toBe(303);

    const facePage = await sim.inject({ method: 'GET', url: `${path}?t=${token}` });
    expect(facePage.body).toContain('<h1>顔写真の撮影</h1>');
    expect(facePage.body).toContain('<span class="step-no">1</span> 顔写真（自撮り）</h2>');
    expect(facePage.body).toContain('name="face"');
    expect(facePage.body).not.toContain('name="front"');
    const sent = await sim.inject({ method: 'POST', url: `${path}/submit?t=${token}`, ...(await multipart({ outcome: 'PASSED' }, { face: fourImages.face })) });
    expect(sent.statusCode).toBe(303);
    const view = await getSession(sim, sessionId);
    expect(view).toMatchObject({ method: 'IC_CHIP_AND_FACE', status: 'PASSED', result: { read: applicant } });
    expect(view.result.images?.map((i) => i.kind)).toEqual(['face']);
    expect(view.result.certificate).toBeUndefined();
    // The card's PIN is never stored.
    expect(JSON.stringify(sim.sim.store.db.prepare('SELECT * FROM sessions').all())).not.toContain('1234');
  });

  it('escapes the applicant data it shows', async () => {
    const sim = app();
    const { path, token } = await createSession(sim, { method: 'JPKI', applicant: { ...applicant, name: '<script>alert(1)</script>' } });
    const page = await sim.inject({ method: 'GET', url: `${path}?t=${token}` });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
