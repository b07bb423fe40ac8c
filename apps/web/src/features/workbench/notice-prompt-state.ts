import { useSyncExternalStore } from 'react';

/*
 * Whether the 课程通知 prompt is on screen, or may still come up, so that other dialogs the workbench opens
 * by itself (完善个人信息) wait their turn instead of stacking on it and fighting over focus.
 */
type State = { mounted: boolean; open: boolean; decided: boolean };

let state: State = { mounted: false, open: false, decided: false };
const listeners = new Set<() => void>();
const set = (patch: Partial<State>) => {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
};

/** Called by the prompt: mounted, then decided (opened or nothing to show), then closed. */
export const noticePrompt = {
  mounted: () => set({ mounted: true, decided: false, open: false }),
  unmounted: () => set({ mounted: false, open: false }),
  opened: () => set({ open: true, decided: true }),
  nothingToShow: () => set({ decided: true }),
  closed: () => set({ open: false }),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while the notice prompt is open or, mounted, has not yet decided whether to open. */
export const useNoticePromptBusy = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => state.mounted && (state.open || !state.decided),
    () => false,
  );
