import { describe, expect, it } from 'vitest';
import {
  checkCaseWeights,
  evenCaseWeights,
  PROGRAM_SCORE_DEFAULTS,
  performanceScore,
  programScore,
  SCORING_MSG,
} from './scoring';

describe('evenCaseWeights', () => {
  it('splits 100 evenly in whole numbers, the last case taking the remainder', () => {
    expect(evenCaseWeights(1)).toEqual([100]);
    expect(evenCaseWeights(2)).toEqual([50, 50]);
    expect(evenCaseWeights(3)).toEqual([33, 33, 34]);
    expect(evenCaseWeights(6)).toEqual([16, 16, 16, 16, 16, 20]);
    expect(evenCaseWeights(7)).toEqual([14, 14, 14, 14, 14, 14, 16]);
  });

  it('always sums to 100 and passes its own check', () => {
    for (let n = 1; n <= 120; n++) {
      const weights = evenCaseWeights(n);
      expect(weights).toHaveLength(n);
      expect(weights.reduce((a, b) => a + b, 0)).toBe(100);
      expect(checkCaseWeights(weights)).toBeNull();
    }
  });

  it('gives nothing for no cases', () => {
    expect(evenCaseWeights(0)).toEqual([]);
    expect(evenCaseWeights(-3)).toEqual([]);
  });
});

describe('checkCaseWeights', () => {
  it('needs a total of exactly 100 (spec 5.1)', () => {
    expect(checkCaseWeights([50, 50])).toBeNull();
    expect(checkCaseWeights([0, 100])).toBeNull();
    expect(checkCaseWeights([50, 49])).toBe(SCORING_MSG.weightsSum);
    expect(checkCaseWeights([60, 50])).toBe(SCORING_MSG.weightsSum);
    expect(checkCaseWeights([])).toBe(SCORING_MSG.weightsSum);
    expect(SCORING_MSG.weightsSum).toBe('测试用例的评分占比之和必须为100');
  });

  it('needs whole numbers from 0 to 100 (spec 5.5)', () => {
    expect(checkCaseWeights([50.5, 49.5])).toBe(SCORING_MSG.weightRange);
    expect(checkCaseWeights([-10, 110])).toBe(SCORING_MSG.weightRange);
    expect(checkCaseWeights([101, -1])).toBe(SCORING_MSG.weightRange);
    expect(checkCaseWeights([Number.NaN, 100])).toBe(SCORING_MSG.weightRange);
  });
});

describe('performanceScore: S*(1-x%) + S*x%*(Tmin/(Ti*0.9))', () => {
  const base = { score: 10, sharePercent: 20, referenceTimeMs: 200 };

  it('follows the formula between the clamps', () => {
    // Ti = 400: factor 200/360 = 0.5556 -> 8 + 2*0.5556
    expect(performanceScore({ ...base, timeUsedMs: 400 })).toBeCloseTo(8 + 2 * (200 / 360), 10);
    // Ti = 1000: factor 200/900
    expect(performanceScore({ ...base, timeUsedMs: 1000 })).toBeCloseTo(8 + 2 * (200 / 900), 10);
    expect(
      performanceScore({ score: 50, sharePercent: 50, referenceTimeMs: 90, timeUsedMs: 200 }),
    ).toBeCloseTo(25 + 25 * 0.5, 10);
  });

  it('gives the full score, never more, to a run at most Tmin/0.9', () => {
    expect(performanceScore({ ...base, timeUsedMs: 222 })).toBe(10);
    expect(performanceScore({ ...base, timeUsedMs: 100 })).toBe(10);
    expect(performanceScore({ ...base, timeUsedMs: 1 })).toBe(10);
    expect(performanceScore({ ...base, timeUsedMs: 0 })).toBe(10);
  });

  it('never drops below the share that does not depend on speed', () => {
    expect(performanceScore({ ...base, timeUsedMs: 1e12 })).toBeCloseTo(8, 6);
    expect(performanceScore({ ...base, referenceTimeMs: 0, timeUsedMs: 100 })).toBe(8);
  });

  it('clamps the share to 0..100 % and a negative score to 0', () => {
    expect(performanceScore({ ...base, sharePercent: 0, timeUsedMs: 5000 })).toBe(10);
    expect(performanceScore({ ...base, sharePercent: 150, timeUsedMs: 400 })).toBeCloseTo(
      10 * (200 / 360),
      10,
    );
    expect(performanceScore({ ...base, sharePercent: -5, timeUsedMs: 400 })).toBe(10);
    expect(performanceScore({ ...base, score: -10, timeUsedMs: 400 })).toBe(0);
  });
});

describe('programScore', () => {
  const cases = [
    { weight: 33, qualified: true, timeUsedMs: 100 },
    { weight: 33, qualified: false, timeUsedMs: 100 },
    { weight: 34, qualified: true, timeUsedMs: 100 },
  ];

  it('Part: each qualified case earns its weight', () => {
    expect(programScore({ questionScore: 10, strategy: 'Part', cases })).toBe(6.7);
    expect(
      programScore({
        questionScore: 10,
        strategy: 'Part',
        cases: cases.map((c) => ({ ...c, qualified: true })),
      }),
    ).toBe(10);
    expect(
      programScore({
        questionScore: 10,
        strategy: 'Part',
        cases: cases.map((c) => ({ ...c, qualified: false })),
      }),
    ).toBe(0);
  });

  it('All: the full score only when every case passes', () => {
    expect(programScore({ questionScore: 10, strategy: 'All', cases })).toBe(0);
    expect(
      programScore({
        questionScore: 10,
        strategy: 'All',
        cases: cases.map((c) => ({ ...c, qualified: true })),
      }),
    ).toBe(10);
  });

  it('applies the performance formula per case (Part) or to the slowest case (All)', () => {
    const performance = {
      sharePercent: PROGRAM_SCORE_DEFAULTS.performanceSharePercent,
      referenceTimeMs: PROGRAM_SCORE_DEFAULTS.referenceTimeMs,
    };
    const timed = [
      { weight: 50, qualified: true, timeUsedMs: 100 },
      { weight: 50, qualified: true, timeUsedMs: 2000 },
    ];
    // case 1 full (5), case 2: 5*0.8 + 5*0.2*(200/1800)
    expect(programScore({ questionScore: 10, strategy: 'Part', cases: timed, performance })).toBe(
      Math.round((5 + 4 + 200 / 1800) * 10) / 10,
    );
    // All: Ti = 2000 for the whole score
    expect(programScore({ questionScore: 10, strategy: 'All', cases: timed, performance })).toBe(
      Math.round((8 + 2 * (200 / 1800)) * 10) / 10,
    );
  });

  it('rounds to one decimal and never exceeds the question score', () => {
    expect(
      programScore({
        questionScore: 10,
        strategy: 'Part',
        cases: [
          { weight: 80, qualified: true },
          { weight: 80, qualified: true },
        ],
      }),
    ).toBe(10);
    expect(programScore({ questionScore: 7, strategy: 'Part', cases: evenThirds() })).toBe(7);
    expect(programScore({ questionScore: 10, strategy: 'Part', cases: [] })).toBe(0);
  });
});

function evenThirds() {
  return [33, 33, 34].map((weight) => ({ weight, qualified: true }));
}
