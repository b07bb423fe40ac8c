import { type ReactNode, useId } from 'react';
import './resume.css';

/*
 * A card of the resume page's right column (附件简历, 求职意向, 求职状态, 隐私设置): antd's Card as plain
 * markup (its Card brings Tabs with rc-tabs, rc-menu and rc-overflow, about 20 kB compressed, into the
 * page's first load). The title is the section's heading.
 */
export function SideCard({
  title,
  extra,
  size = 'default',
  className = '',
  children,
  'data-testid': testId,
}: {
  title: string;
  /** what goes at the right of the title (编辑, 上传附件) */
  extra?: ReactNode;
  /** small: the compact head and body of antd's small card */
  size?: 'small' | 'default';
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const titleId = useId();
  return (
    <section
      className={`rs-card rs-card--${size} ${className}`.trim()}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <header className="rs-card__head">
        <h2 id={titleId} className="rs-card__title">
          {title}
        </h2>
        {extra ? <div className="rs-card__extra">{extra}</div> : null}
      </header>
      <div className="rs-card__body">{children}</div>
    </section>
  );
}
