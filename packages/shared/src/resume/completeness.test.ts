import { describe, expect, it } from 'vitest';
import {
  COMPLETENESS_PARTS,
  completenessLine,
  missingPartsOf,
  onlinePercentOf,
  type ResumeFacts,
} from './completeness';

const none: ResumeFacts = {
  personal: false,
  avatar: false,
  strength: false,
  education: false,
  internship: false,
  society: false,
  award: false,
  language: false,
  evaluation: false,
  intention: false,
};

describe('resume completeness', () => {
  it('adds up to 100 when every part is there and 0 when none is', () => {
    const all = Object.fromEntries(Object.keys(none).map((k) => [k, true])) as ResumeFacts;
    expect(COMPLETENESS_PARTS.reduce((s, p) => s + p.points, 0)).toBe(100);
    expect(onlinePercentOf(all)).toBe(100);
    expect(onlinePercentOf(none)).toBe(0);
    expect(missingPartsOf(all)).toEqual([]);
    expect(completenessLine(100, [])).toBe('简历完整度 100%，简历已完善');
  });

  it('says what is missing, in page order', () => {
    const facts = { ...none, personal: true, education: true, award: true };
    expect(onlinePercentOf(facts)).toBe(40);
    expect(missingPartsOf(facts).slice(0, 3)).toEqual(['头像', '个人优势', '实习/实践经历']);
    expect(completenessLine(40, ['头像'])).toBe('简历完整度 40%，还可完善：头像');
  });
});
