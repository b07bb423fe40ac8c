import { STORAGE_KEYS } from '@uplus/shared';
import { useSyncExternalStore } from 'react';

/*
 * Local storage under the keys the specs name (STORAGE_KEYS), observable: components re-render when
 * a value changes in this tab (our own writes) or in another tab (the `storage` event), which is how
 * other open tabs pick up a sign-in or sign-out.
 */

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

const watched = new Set<string>(Object.values(STORAGE_KEYS));
const onStorage = (event: StorageEvent) => {
  // key null: another tab cleared the whole storage
  if (event.key === null || watched.has(event.key)) emit();
};

const read = (key: StorageKey): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const storage = {
  get: read,
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } finally {
      emit();
    }
  },
  remove(...keys: StorageKey[]): void {
    try {
      for (const key of keys) window.localStorage.removeItem(key);
    } finally {
      emit();
    }
  },
  subscribe(listener: () => void): () => void {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  },
};

/** The access token (the ticket from the identity provider). */
export const getToken = () => storage.get(STORAGE_KEYS.token);

/** The organisation the user acts in, kept as `{ id, name }` under the key organ. */
export type StoredOrgan = { id: string; name: string };

export const getStoredOrgan = (): StoredOrgan | null => {
  const text = storage.get(STORAGE_KEYS.organ);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredOrgan> | null;
    return value && typeof value.id === 'string' ? { id: value.id, name: String(value.name ?? '') } : null;
  } catch {
    return null;
  }
};

export const setStoredOrgan = (organ: StoredOrgan) => storage.set(STORAGE_KEYS.organ, JSON.stringify(organ));

/** A stored value that re-renders the component when it changes (in this tab or another). */
export const useStored = (key: StorageKey): string | null =>
  useSyncExternalStore(storage.subscribe, () => storage.get(key));
