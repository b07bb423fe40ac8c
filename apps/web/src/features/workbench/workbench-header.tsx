import { QuestionCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand';
import { useRouteHandle } from '../../lib/route-handle';
import { useSite } from '../../lib/site-store';
import { useStored } from '../../lib/storage';
import { CourseNoticePrompt } from './course-notice-prompt';
import { MessageBell } from './message-bell';
import { helpManualUrl, WORKBENCH_LABEL, workbenchLogo } from './workbench-model';
import { WorkbenchUserMenu } from './workbench-user-menu';

/**
 * The workbench header (spec 001 section 2.9): the deployment's logo leading to /home/index (none on the
 * deployments that hide it), 工作台, the help manual when one is configured, the message bell and the
 * user menu; it also mounts the 课程通知 dialog that shows the caller's unread course notices.
 */
export function WorkbenchHeader() {
  const site = useSite();
  const logo = workbenchLogo(site);
  const help = helpManualUrl(site.config);
  // visitors are on their way to sign in (the route guard): no bell or menu for them
  const token = useStored('AccessToken');
  // the message page itself hides the bell (route flag hideMessageBell)
  const { route } = useRouteHandle();
  const showBell = !!token && !route?.meta.hideMessageBell;
  return (
    <header className="wb-header" data-testid="workbench-header">
      <div className="wb-header__inner">
        {!logo.hidden && (
          <Link
            to="/home/index"
            className="wb-header__brand"
            aria-label={`${logo.name} 首页`}
            data-testid="workbench-logo"
          >
            {logo.src ? (
              <img className="wb-header__logo" src={logo.src} alt={logo.name} />
            ) : (
              <>
                <BrandMark className="wb-header__mark" />
                <span className="wb-header__brand-text">{logo.name}</span>
              </>
            )}
          </Link>
        )}
        <span className="wb-header__label" data-testid="workbench-label">
          {WORKBENCH_LABEL}
        </span>
        <div className="wb-header__actions">
          {help && (
            <a
              className="wb-header__icon-link wb-header__help"
              href={help}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="help-manual"
            >
              <QuestionCircleOutlined aria-hidden />
              <span>帮助手册</span>
            </a>
          )}
          {showBell && <MessageBell />}
          {/* unread course notices open on entering the workbench (not on the message page itself) */}
          {showBell && <CourseNoticePrompt />}
          {token && <WorkbenchUserMenu />}
        </div>
      </div>
    </header>
  );
}
