import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { furiganaMaxLength } from '../../src/services/applicant/furigana.ts';
import { messages } from '@koza/domain/messages';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, createStepsApp } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';

// The real analyser (Lindera + IPADIC): built once per test file (process-wide), ~0.5 s.

forEachDialect((dialect) => {
  let app: App;
  let a: Applicant;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    a = await applicant(app);
  }, 60_000);
  afterAll(() => app.close());

  const furigana = (kanji: string) => a.get(`/api/furigana?kanji=${encodeURIComponent(kanji)}`);

  it('needs a signed-in applicant', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/furigana?kanji=%E5%A4%A9%E7%A5%9E', headers: { host: 'fukuoka.localhost' } });
    expect(response.statusCode).toBe(401);
  });

  it('answers the first calls together from one dictionary load', async () => {
    const responses = await Promise.all(['天神', '博多', '中洲', '薬院'].map(furigana));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(responses.map((r) => r.json().kana)).toEqual(['ﾃﾝｼﾞﾝ', 'ﾊｶﾀ', 'ﾅｶｽ', 'ﾔｸｲﾝ']);
  }, 60_000);

  it.each([
    ['天神', 'ﾃﾝｼﾞﾝ'],
    ['博多駅前', 'ﾊｶﾀｴｷﾏｴ'],
    ['天神1-2-3', 'ﾃﾝｼﾞﾝ1-2-3'],
    ['天神ハイツ１０１号', 'ﾃﾝｼﾞﾝﾊｲﾂ101ｺﾞｳ'],
    ['ひらがな', 'ﾋﾗｶﾞﾅ'],
    ['ABCマンション', 'ABCﾏﾝｼｮﾝ'],
    ['山田\u3000太郎', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
  ])('%s → %s in half-width katakana', async (kanji, kana) => {
    const response = await furigana(kanji);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kana });
  });

  it('keeps a character it cannot read as typed', async () => {
    expect((await furigana('髙')).json()).toEqual({ kana: '髙' });
  });

  it(`accepts ${furiganaMaxLength} characters and refuses more`, async () => {
    expect((await furigana('天'.repeat(furiganaMaxLength))).statusCode).toBe(200);
    const response = await furigana('天'.repeat(furiganaMaxLength + 1));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'kanji', message: messages.maxLength(furiganaMaxLength) }] });
  });

  it.each([['%00%E5%A4%A9'], ['%E5%A4%A9%01'], ['%7F'], ['%0A']])('refuses control characters (%s) with 400, never a 5xx', async (encoded) => {
    const response = await a.get(`/api/furigana?kanji=${encoded}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('kanji');
  });

  it('answers a query value that is not UTF-8 without failing (the query parser keeps it as sent)', async () => {
    const response = await a.get('/api/furigana?kanji=%E5%A4%A9%ED%A0%80');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kana: '%E5%A4%A9%ED%A0%80' });
  });

  it.each([['/api/furigana'], ['/api/furigana?kanji='], ['/api/furigana?kanji=%20%E3%80%80'], ['/api/furigana?kanji=a&kanji=b']])(
    'refuses %s with the field error shape',
    async (url) => {
      const response = await a.get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [{ field: 'kanji', message: messages.required }] });
    },
  );
});
