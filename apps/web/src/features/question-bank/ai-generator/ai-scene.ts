import type { JudgeBody, JudgeResult } from '@uplus/shared';
import { useSyncExternalStore } from 'react';
import type { ImportTarget } from './api';

/*
 * Which AI panel is open, where, and for what (spec 000 section 2): a page activates a scene with the route
 * names it may show on; the panel host shows it only while the current route's name is in that list, so
 * navigating away hides it.
 */

/** The generator: home variant (preview only) or common variant importing to a target. */
export type GeneratorScene = {
  routeNames: string[];
  variant: 'home' | 'common';
  target: ImportTarget | null;
  /** called after questions were imported (e.g. to refresh a list) */
  onImported?: () => void;
};

export type JudgeScene =
  | { routeNames: string[]; variant: 'home' }
  | {
      routeNames: string[];
      variant: 'common';
      payload: JudgeBody;
      /** 引用; a promise (a save) closes the panel once it resolves, and keeps it open when it rejects */
      onApply: (result: JudgeResult) => unknown;
      /** what 引用 does here, shown by the button (saved against an answer, or only filled in) */
      applyNote?: string;
    };

type SceneState = { generator: GeneratorScene | null; judge: JudgeScene | null };

let state: SceneState = { generator: null, judge: null };
const listeners = new Set<() => void>();
const set = (next: SceneState) => {
  state = next;
  for (const l of listeners) l();
};

export const aiScene = {
  get: (): SceneState => state,
  openGenerator: (scene: GeneratorScene) => set({ ...state, generator: scene }),
  closeGenerator: () => set({ ...state, generator: null }),
  openJudge: (scene: JudgeScene) => set({ ...state, judge: scene }),
  closeJudge: () => set({ ...state, judge: null }),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useAiScene = () => useSyncExternalStore(aiScene.subscribe, aiScene.get);

/** Whether a scene shows on the route named `routeName`. */
export const showsOn = (scene: { routeNames: string[] } | null, routeName: string | undefined) =>
  !!scene && !!routeName && scene.routeNames.includes(routeName);
