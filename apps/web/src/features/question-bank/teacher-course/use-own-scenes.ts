import { useEffect } from 'react';
import { aiScene } from '../ai-generator/ai-scene';
import type { ImportTarget } from '../ai-generator/api';

const sameTarget = (a: ImportTarget | null, b: ImportTarget) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Panels show on the route names they were opened with; the homework (or exercise-set) pages share one
 * route name across targets. So when this page is for another target than the generator it left open, that
 * generator is closed rather than shown (it would import elsewhere); a judge opened here closes with the page.
 */
export const useOwnScenes = (routeNames: string[], target: ImportTarget) => {
  const key = JSON.stringify(target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is compared by value (key)
  useEffect(() => {
    const { generator } = aiScene.get();
    if (generator && generator.routeNames === routeNames && !sameTarget(generator.target, target))
      aiScene.closeGenerator();
    return () => {
      if (aiScene.get().judge?.routeNames === routeNames) aiScene.closeJudge();
    };
  }, [routeNames, key]);
};
