// Agreement between a grader under test and human grades: pure functions, no I/O.

/**
 * Quadratic weighted kappa of two integer ratings on the scale min..max (inclusive).
 * 1 = perfect agreement, 0 = what chance gives, negative = worse than chance. Null when it is undefined
 * (no pairs, a one-point scale, or both raters giving a single identical category so chance agreement
 * is already perfect).
 */
export function quadraticWeightedKappa(a: number[], b: number[], min: number, max: number): number | null {
  if (a.length !== b.length) throw new Error('quadraticWeightedKappa: ratings of different lengths');
  const k = max - min + 1;
  if (a.length === 0 || k < 2) return null;
  const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const histA = new Array<number>(k).fill(0);
  const histB = new Array<number>(k).fill(0);
  for (const [i, x] of a.entries()) {
    const y = b[i]!;
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < min || x > max || y < min || y > max) {
      throw new Error(`quadraticWeightedKappa: rating outside the integers ${min}..${max}: ${x}, ${y}`);
    }
    observed[x - min]![y - min]! += 1;
    histA[x - min]! += 1;
    histB[y - min]! += 1;
  }
  const n = a.length;
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const weight = (i - j) ** 2 / (k - 1) ** 2;
      numerator += weight * observed[i]![j]!;
      denominator += (weight * histA[i]! * histB[j]!) / n;
    }
  }
  if (denominator === 0) return null;
  return 1 - numerator / denominator;
}

/** Pearson correlation; null when either side has no variance or there are fewer than two pairs. */
export function pearson(a: number[], b: number[]): number | null {
  if (a.length !== b.length) throw new Error('pearson: series of different lengths');
  const n = a.length;
  if (n < 2) return null;
  const meanA = a.reduce((s, x) => s + x, 0) / n;
  const meanB = b.reduce((s, x) => s + x, 0) / n;
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (const [i, x] of a.entries()) {
    const dx = x - meanA;
    const dy = b[i]! - meanB;
    cov += dx * dy;
    varA += dx * dx;
    varB += dy * dy;
  }
  if (varA === 0 || varB === 0) return null;
  return cov / Math.sqrt(varA * varB);
}

/** Mean absolute error; null without pairs. */
export function meanAbsoluteError(a: number[], b: number[]): number | null {
  if (a.length !== b.length) throw new Error('meanAbsoluteError: series of different lengths');
  if (a.length === 0) return null;
  return a.reduce((s, x, i) => s + Math.abs(x - b[i]!), 0) / a.length;
}

/** Rounds half up to an integer (0.5 -> 1, 2.5 -> 3), as a teacher rounds a grade. */
export const roundScore = (x: number): number => Math.floor(x + 0.5);

export interface ScoredPair {
  /** the human grade, on the item's own scale */
  human: number;
  /** the grade under test, on the same scale */
  judged: number;
  /** the item's maximum (question score) */
  max: number;
}

export interface Agreement {
  n: number;
  /** on the common 0..scale integer scale, after rounding */
  qwk: number | null;
  pearson: number | null;
  /** in points of the common scale */
  mae: number | null;
  scale: number;
}

/**
 * Agreement over items whose maxima may differ: every score is first mapped to the common scale
 * (score / max * scale); QWK takes those rounded, Pearson and MAE take them unrounded.
 */
export function agreement(pairs: ScoredPair[], scale = 10): Agreement {
  const human = pairs.map((p) => (p.human / p.max) * scale);
  const judged = pairs.map((p) => (p.judged / p.max) * scale);
  return {
    n: pairs.length,
    qwk: quadraticWeightedKappa(human.map(roundScore), judged.map(roundScore), 0, scale),
    pearson: pearson(human, judged),
    mae: meanAbsoluteError(human, judged),
    scale,
  };
}
