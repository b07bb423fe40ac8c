import type { AssistantScene } from '@uplus/shared';
import { useEffect, useSyncExternalStore } from 'react';

/*
 * The page's assistant scene (issue 16): a page inside a course (or on a catalogue item, or the career
 * mentor page) declares where the user is, and the assistant panel answers in that scene with that context.
 * Without a declaration the panel lets the user pick one of their courses.
 */
export type PageScene = {
  scene: AssistantScene;
  courseId?: number;
  contentId?: number;
  homeworkId?: number;
};

let current: PageScene | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const same = (a: PageScene | null, b: PageScene | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.scene === b.scene &&
    a.courseId === b.courseId &&
    a.contentId === b.contentId &&
    a.homeworkId === b.homeworkId);

/** Declares the page's scene while the page is mounted (null: none). */
export const useAssistantScene = (scene: PageScene | null) => {
  const key = scene
    ? `${scene.scene}:${scene.courseId ?? ''}:${scene.contentId ?? ''}:${scene.homeworkId ?? ''}`
    : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the scene's fields
  useEffect(() => {
    if (!scene) return;
    const declared = { ...scene };
    if (!same(current, declared)) {
      current = declared;
      emit();
    }
    return () => {
      if (same(current, declared)) {
        current = null;
        emit();
      }
    };
  }, [key]);
};

/** The scene the current page declared, or null. */
export const usePageScene = (): PageScene | null =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
