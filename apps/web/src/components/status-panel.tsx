import type { ReactNode } from 'react';
import './status-panel.css';

type Props = { icon?: ReactNode; title: ReactNode; description?: ReactNode; actions?: ReactNode };

/**
 * A centred status message (access refused, page failed to load, config failed). Plain markup rather than
 * antd's Result, whose illustrations would otherwise weigh on the first page load.
 */
export function StatusPanel({ icon, title, description, actions }: Props) {
  return (
    <section className="status-panel" role="alert">
      {icon && (
        <div className="status-panel__icon" aria-hidden>
          {icon}
        </div>
      )}
      <h1 className="status-panel__title">{title}</h1>
      {description && <div className="status-panel__description">{description}</div>}
      {actions && <div className="status-panel__actions">{actions}</div>}
    </section>
  );
}
