// Workplace or school name (勤務先名), SPEC.md §5: required, optional or not asked by occupation.

import { messages } from '../messages.ts';
import { fieldLimits } from '../constants.ts';
import { normaliseWorkplaceName } from '../normalise.ts';
import { distinctMatches, listChars, maxLengthRule, romanNumeralRule, textByRequirement } from './rule-building-blocks.ts';
import type { Requirement, Rule } from './rule-building-blocks.ts';

export const workplaceNameMaxLength = fieldLimits.workplaceName;

/**
 * Full-width symbols a workplace name may not hold (checked after the on-blur conversion to full
 * width, so their half-width forms are caught too). Kept: （ ） ． ， － ・ ＆ ／ ＇ which appear in
 * company names. Characters outside the Basic Multilingual Plane (emoji, rare ideographs) are refused too.
 */
export const workplaceForbiddenSymbols = [
  '＂',
  '＃',
  '＄',
  '％',
  '＊',
  '＋',
  '；',
  '＜',
  '＝',
  '＞',
  '？',
  '＠',
  '［',
  '＼',
  '］',
  '＾',
  '＿',
  '｀',
  '｛',
  '｜',
  '｝',
  '～',
  '〜',
  '￥',
  '￠',
  '￡',
  '￢',
  '※',
  '〒',
  '♪',
  '☆',
  '★',
  '○',
  '●',
  '◎',
  '◇',
  '◆',
  '□',
  '■',
  '△',
  '▲',
  '▽',
  '▼',
  '→',
  '←',
  '↑',
  '↓',
  '〓',
  '♂',
  '♀',
  '°',
  '′',
  '″',
  '℃',
  '§',
  '¶',
] as const;

const escapeForClass = (c: string): string => c.replace(/[\\\]^-]/g, (m) => `\\${m}`);
const forbiddenPattern = new RegExp(`[${workplaceForbiddenSymbols.map(escapeForClass).join('')}]|[\\u{10000}-\\u{10FFFF}]`, 'gu');

export const workplaceNameForbiddenChars = (s: string): string[] => distinctMatches(s, forbiddenPattern);

const symbolsRule: Rule = (v) => {
  const bad = workplaceNameForbiddenChars(v);
  return bad.length > 0 ? messages.disallowedChars(listChars(bad)) : null;
};

/** On blur and before validation: ㈱ → 株式会社 and the like, to full width, trimmed. */
export { normaliseWorkplaceName };

export const workplaceNameRules: readonly Rule[] = [romanNumeralRule, symbolsRule, maxLengthRule(workplaceNameMaxLength)];

/** Required (min 1), optional (min 0) or not asked (saved as null), max 25. */
export const workplaceNameSchema = (requirement: Requirement) =>
  textByRequirement(requirement, { normalise: normaliseWorkplaceName, rules: workplaceNameRules });
