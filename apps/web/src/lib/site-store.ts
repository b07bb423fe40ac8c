import type { AppConfig, AreaMenuItem, AreaWebsiteConfig, SchoolInfo } from '@uplus/shared';
import { useSyncExternalStore } from 'react';

/** The app config after college pairs are merged in; unknown keys (SHOW_TECHCLASS, ...) stay readable. */
export type SiteConfig = AppConfig & Record<string, unknown>;

/** Everything loaded before mount: the merged config, the school record, the area configuration. */
export type SiteState = {
  config: SiteConfig;
  school: SchoolInfo | null;
  area: AreaWebsiteConfig | null;
  /** parsed from area.homepageConfig */
  areaMenus: AreaMenuItem[];
};

let state: SiteState | null = null;
const listeners = new Set<() => void>();

export const siteStore = {
  /** The loaded site; only called after bootstrap finished (main.tsx mounts the app afterwards). */
  get(): SiteState {
    if (!state) throw new Error('site config read before it was loaded');
    return state;
  },
  peek(): SiteState | null {
    return state;
  },
  set(next: SiteState): void {
    state = next;
    for (const l of listeners) l();
  },
  /** Session sync writes IS_COLLEGE_LEADER, HAS_COLLEGE_ADMIN_AUTH, USER_TYPE into the config. */
  patchConfig(patch: Partial<SiteConfig>): void {
    if (!state) return;
    state = { ...state, config: { ...state.config, ...patch } };
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSite = (): SiteState => useSyncExternalStore(siteStore.subscribe, siteStore.get);
export const useSiteConfig = (): SiteConfig => useSite().config;

/** A config value as text ('' when missing or not text). */
export const configText = (config: Record<string, unknown>, key: string): string => {
  const value = config[key];
  return typeof value === 'string' ? value : '';
};
