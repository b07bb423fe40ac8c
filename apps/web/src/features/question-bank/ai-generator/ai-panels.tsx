import { lazy, Suspense } from 'react';
import { useRouteHandle } from '../../../lib/route-handle';
import { aiScene, showsOn, useAiScene } from './ai-scene';

// The panels load on first open: pages that host them pay nothing until a teacher opens one.
const GeneratorPanel = lazy(async () => ({ default: (await import('./generator-panel')).GeneratorPanel }));
const JudgeHomePanel = lazy(async () => ({
  default: (await import('../ai-judge/judge-panel')).JudgeHomePanel,
}));
const JudgeCommonPanel = lazy(async () => ({
  default: (await import('../ai-judge/judge-panel')).JudgeCommonPanel,
}));

/**
 * Hosts the AI panels of the active scenes; each shows only while the current route's name is one of the
 * names its scene was activated with (spec 000 section 2). `routeName` overrides the router's (tests).
 */
export function AiPanels({ routeName }: { routeName?: string }) {
  const { route } = useRouteHandle();
  const name = routeName ?? route?.name;
  const { generator, judge } = useAiScene();
  return (
    <Suspense fallback={null}>
      {generator && (
        <GeneratorPanel
          open={showsOn(generator, name)}
          onClose={aiScene.closeGenerator}
          variant={generator.variant}
          target={generator.target}
          onImported={generator.onImported}
        />
      )}
      {judge?.variant === 'home' && (
        <JudgeHomePanel open={showsOn(judge, name)} onClose={aiScene.closeJudge} />
      )}
      {judge?.variant === 'common' && (
        <JudgeCommonPanel
          open={showsOn(judge, name)}
          onClose={aiScene.closeJudge}
          payload={judge.payload}
          applyNote={judge.applyNote}
          onApply={async (result) => {
            await judge.onApply(result);
            aiScene.closeJudge();
          }}
        />
      )}
    </Suspense>
  );
}
