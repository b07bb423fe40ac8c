import { CodeOutlined, EyeOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { goToLogin } from '../../sessions/session';
import { useViewer } from './parts';

type NewTabLink = { href: string; text: string; icon: 'preview' | 'sample' };

/**
 * The actions of an experiment or a project: start it in the cloud development environment (visitors sign
 * in first, coming back to the hand-over page), and its preview and sample, each in a new tab.
 */
export function CloudActions({
  startText,
  transferHref,
  links,
}: {
  startText: string;
  transferHref: string;
  links: NewTabLink[];
}) {
  const { signedIn } = useViewer();
  return (
    <div className="catalogue-actions">
      {signedIn ? (
        <a
          className="catalogue-link-button is-primary"
          href={transferHref}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="start-cloud"
        >
          <CodeOutlined aria-hidden /> {startText}
          <span className="visually-hidden">（在新标签页打开）</span>
        </a>
      ) : (
        <Button type="primary" size="large" onClick={() => goToLogin(transferHref)} data-testid="start-cloud">
          登录后{startText}
        </Button>
      )}
      {links.map((link) => (
        <a
          key={link.href}
          className="catalogue-link-button"
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          {link.icon === 'preview' ? <EyeOutlined aria-hidden /> : <FileTextOutlined aria-hidden />}{' '}
          {link.text}
          <span className="visually-hidden">（在新标签页打开）</span>
        </a>
      ))}
    </div>
  );
}
