import { useQueryClient } from '@tanstack/react-query';
import { ORGAN_CHANNEL } from '@uplus/shared';
import { useEffect, useRef } from 'react';
import { browser } from '../lib/browser';
import { useStored } from '../lib/storage';

/**
 * Keeps this tab in step with the others: a token change (sign-in or sign-out in another tab, seen
 * through the storage event) drops the cached session and data; an organisation switch announced
 * on ORGAN_CHANNEL reloads the page.
 */
export function SessionWatcher() {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  const previous = useRef(token);

  useEffect(() => {
    if (previous.current === token) return;
    previous.current = token;
    void queryClient.resetQueries();
  }, [token, queryClient]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(ORGAN_CHANNEL);
    channel.onmessage = () => browser.reload();
    return () => channel.close();
  }, []);

  return null;
}
