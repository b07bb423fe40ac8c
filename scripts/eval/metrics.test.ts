import { describe, expect, it } from 'vitest';
import { agreement, meanAbsoluteError, pearson, quadraticWeightedKappa, roundScore } from './metrics';

describe('quadraticWeightedKappa', () => {
  it('matches a value worked out by hand', () => {
    // O = (0,0) (1,2) (2,2); weights (i-j)^2/4; sum(wO) = 1/4; histograms [1,1,1] and [1,0,2]
    // give sum(wE) = 2/3 + 1/12 + 1/6 + 1/3 = 5/4; kappa = 1 - (1/4)/(5/4) = 0.8
    expect(quadraticWeightedKappa([0, 1, 2], [0, 2, 2], 0, 2)).toBeCloseTo(0.8, 12);
  });
  it('is 1 for perfect agreement and -1 for a full reversal of two extremes', () => {
    expect(quadraticWeightedKappa([0, 3, 5, 10], [0, 3, 5, 10], 0, 10)).toBe(1);
    // sum(wO) = 2, sum(wE) = 1/2 + 1/2 = 1
    expect(quadraticWeightedKappa([0, 2], [2, 0], 0, 2)).toBeCloseTo(-1, 12);
  });
  it('penalises a far miss more than a near one', () => {
    const near = quadraticWeightedKappa([0, 5, 10, 5], [1, 5, 10, 5], 0, 10)!;
    const far = quadraticWeightedKappa([0, 5, 10, 5], [9, 5, 10, 5], 0, 10)!;
    expect(near).toBeGreaterThan(far);
  });
  it('is undefined without pairs or when both raters give one identical category', () => {
    expect(quadraticWeightedKappa([], [], 0, 10)).toBeNull();
    expect(quadraticWeightedKappa([4, 4], [4, 4], 0, 10)).toBeNull();
  });
  it('rejects ratings outside the scale or not integers', () => {
    expect(() => quadraticWeightedKappa([11], [0], 0, 10)).toThrow(/outside/);
    expect(() => quadraticWeightedKappa([1.5], [0], 0, 10)).toThrow(/outside/);
    expect(() => quadraticWeightedKappa([1], [0, 1], 0, 10)).toThrow(/lengths/);
  });
});

describe('pearson', () => {
  it('matches a value worked out by hand', () => {
    // dx = (-1, 0, 1), dy = (-7/3, -1/3, 8/3): cov = 5, varA = 2, varB = 114/9 -> 15 / sqrt(228)
    expect(pearson([1, 2, 3], [2, 4, 7])).toBeCloseTo(15 / Math.sqrt(228), 12);
    expect(pearson([1, 2, 3], [2, 4, 7])).toBeCloseTo(0.993399, 6);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
  });
  it('is undefined without variance', () => {
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1], [2])).toBeNull();
  });
});

describe('meanAbsoluteError and roundScore', () => {
  it('averages absolute differences', () => {
    expect(meanAbsoluteError([0, 5, 10], [1, 5, 7])).toBeCloseTo(4 / 3, 12);
    expect(meanAbsoluteError([], [])).toBeNull();
  });
  it('rounds half up', () => {
    expect([0.49, 0.5, 2.5, 7.5, 9.99].map(roundScore)).toEqual([0, 1, 3, 8, 10]);
  });
});

describe('agreement', () => {
  it('maps items with different maxima to one scale before comparing', () => {
    const result = agreement([
      { human: 5, judged: 2, max: 10 }, // 5 vs 2
      { human: 2, judged: 2, max: 4 }, // 5 vs 5
      { human: 0, judged: 1, max: 5 }, // 0 vs 2
      { human: 10, judged: 10, max: 10 }, // 10 vs 10
    ]);
    expect(result.n).toBe(4);
    expect(result.scale).toBe(10);
    expect(result.mae).toBeCloseTo((3 + 0 + 2 + 0) / 4, 12);
    expect(result.qwk).toBeCloseTo(quadraticWeightedKappa([5, 5, 0, 10], [2, 5, 2, 10], 0, 10)!, 12);
    expect(result.pearson).toBeCloseTo(pearson([5, 5, 0, 10], [2, 5, 2, 10])!, 12);
  });
});
