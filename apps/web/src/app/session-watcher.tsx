import { useQueryClient } from '@tanstack/react-query';
import { ORGAN_CHANNEL } from '@uplus/shared';
import { useEffect, useRef } from 'react';
import { type OrganChangedMessage, TAB_ID } from '../features/organisations/api';
import { signedOutElsewhere } from '../features/sessions/session';
import { browser } from '../lib/browser';
import { useStored } from '../lib/storage';

// A sign-out in another tab is followed before anything on this page reacts to the emptied storage (the
// storage module and the route guard listen later): registered once, when the app's code loads, so it is
// the first `storage` listener and the page is already leaving when a guard would send it to sign in.
if (typeof window !== 'undefined') window.addEventListener('storage', signedOutElsewhere);

/**
 * Keeps this tab in step with the others: a token change (sign-in or sign-out in another tab, seen
 * through the storage event) drops the cached session and refreshes data; an organisation switch
 * announced by another tab on ORGAN_CHANNEL reloads the page.
 */
export function SessionWatcher() {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  const previous = useRef(token);

  useEffect(() => {
    if (previous.current === token) return;
    previous.current = token;
    // Session answers are keyed by token (the new key loads by itself); drop the old ones and
    // refresh other data, which may depend on who is signed in.
    queryClient.removeQueries({ queryKey: ['session'], type: 'inactive' });
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
  }, [token, queryClient]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(ORGAN_CHANNEL);
    channel.onmessage = (event: MessageEvent<Partial<OrganChangedMessage>>) => {
      if (event.data?.type === 'organ-changed' && event.data.sender !== TAB_ID) browser.reload();
    };
    return () => channel.close();
  }, []);

  return null;
}
