import { STORAGE_KEYS } from '@uplus/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { storage } from '../../lib/storage';

/**
 * The hidden session-sync frame (/quc-sync?quc_ticket=): the identity provider loads it after a sign-in
 * so the ticket lands in this site's storage, where other open tabs see it (storage event). Renders nothing.
 */
export function QucSyncPage() {
  const [params] = useSearchParams();
  const ticket = params.get('quc_ticket');
  useEffect(() => {
    if (ticket && storage.get(STORAGE_KEYS.token) !== ticket) storage.set(STORAGE_KEYS.token, ticket);
  }, [ticket]);
  return null;
}
