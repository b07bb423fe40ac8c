import { STORAGE_KEYS } from '@uplus/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { browser } from '../../lib/browser';
import { storage } from '../../lib/storage';
import { fetchTicketValid } from './api';

/**
 * The hidden session-sync frame (/quc-sync?quc_ticket=): the identity provider loads it after a sign-in
 * so the ticket lands in this site's storage, where other open tabs see it (storage event). Renders nothing.
 * The ticket is stored only once the server confirms it is live: a ticket from a sign-in that a sign-out
 * has since ended (another tab's silent sign-in racing it) must not sign every tab back in.
 */
export function QucSyncPage() {
  const [params] = useSearchParams();
  const ticket = params.get('quc_ticket');
  useEffect(() => {
    if (!ticket || storage.get(STORAGE_KEYS.token) === ticket) return;
    let active = true;
    void fetchTicketValid(ticket).then((valid) => {
      if (active && valid && !browser.isLeaving() && storage.get(STORAGE_KEYS.token) !== ticket) {
        storage.set(STORAGE_KEYS.token, ticket);
      }
    });
    return () => {
      active = false;
    };
  }, [ticket]);
  return null;
}
