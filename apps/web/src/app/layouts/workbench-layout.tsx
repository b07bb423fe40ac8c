import { AssistantLoader } from '../../features/assistants/assistant-loader';
import { ProfileCompletion } from '../../features/member-profile/profile-completion';
import { WorkbenchHeader } from '../../features/workbench/workbench-header';
import { WorkbenchSideNav } from '../../features/workbench/workbench-side-nav';
import { useRouteHandle } from '../../lib/route-handle';
import { GuardedOutlet, SkipLink } from './guarded-outlet';
import '../../features/workbench/workbench.css';

/**
 * The workbench shell (spec 001 section 2.9) around the /workbench/index/* pages: its own header instead
 * of the portal's, a side navigation, and the page. The site-access rules apply as on every page. The AI
 * assistant's fixed container comes last, so the tab order reaches it after the page.
 */
export function WorkbenchLayout() {
  const { route } = useRouteHandle();
  return (
    <div className="wb-page">
      <SkipLink />
      <WorkbenchHeader />
      <div className="wb-body">
        <WorkbenchSideNav />
        <main id="main" className="wb-main" tabIndex={-1}>
          <GuardedOutlet meta={route?.meta ?? {}} />
        </main>
      </div>
      <AssistantLoader />
      <ProfileCompletion />
    </div>
  );
}
