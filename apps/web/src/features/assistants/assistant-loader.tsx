import { lazy, Suspense } from 'react';
import { trackDeferredLoad } from '../../components/lazy-antd';
import { useStored } from '../../lib/storage';

/*
 * The assistant's place in the layouts, kept tiny: the assistant (panel, chat, markdown) is its own chunk,
 * loaded only for a signed-in user who may have it — a stored Student or Teacher role, or no stored role
 * yet (the container then asks the session). Visitors and other roles never load it, so the home page's
 * budget does not carry it.
 */
const AssistantContainer = lazy(() =>
  trackDeferredLoad(import('./assistant-container')).then((m) => ({ default: m.AssistantContainer })),
);

export function AssistantLoader() {
  const token = useStored('AccessToken');
  const role = useStored('role');
  if (!token || (role && role !== 'Student' && role !== 'Teacher')) return null;
  return (
    <Suspense fallback={null}>
      <AssistantContainer />
    </Suspense>
  );
}
