import { describe, expect, it } from 'vitest';
import { splitKeepTogether } from './keep-together.ts';

const tokens = (text: string) => splitKeepTogether(text).filter((_, i) => i % 2 === 1);

describe('splitKeepTogether', () => {
  it('keeps the reception hours dates and times whole', () => {
    expect(tokens('平日 9:00〜17:00（土・日・祝日、12月31日〜1月3日を除く）')).toEqual(['9:00〜17:00', '12月31日', '1月3日']);
  });
  it('keeps a full date, an era year and a phone number whole', () => {
    expect(tokens('1990年（平成2年）6月15日 0120-123-456')).toEqual(['1990年', '平成2年', '6月15日', '0120-123-456']);
    expect(tokens('2026年11月24日 13:05')).toEqual(['2026年11月24日', '13:05']);
    expect(tokens('令和元年')).toEqual(['令和元年']);
  });
  it('gives back the text unchanged when joined', () => {
    const text = '受付時間 平日9:00〜17:30（12月31日〜1月3日を除く） 電話 092-123-4567';
    expect(splitKeepTogether(text).join('')).toBe(text);
  });
  it('leaves text without tokens as one run', () => expect(splitKeepTogether('お問い合わせ先')).toEqual(['お問い合わせ先']));
});
