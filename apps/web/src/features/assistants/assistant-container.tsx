import { CloseOutlined, RightOutlined, RobotOutlined } from '@ant-design/icons';
import { Spin, Tooltip } from 'antd';
import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useStored } from '../../lib/storage';
import { useBasicInfo } from '../sessions/api';
import { useOrganPermissions } from './api';
import {
  ASSISTANT_NAMES,
  type AssistantRole,
  assistantStatus,
  CHAT_COMING_SOON,
  ENTRY_COMING_SOON,
  isAssistantRole,
  knownRole,
  type OrganPermissionMap,
  readAssistantVisible,
  STUDENT_PROMPT_GROUPS,
  teacherMenu,
  writeAssistantVisible,
} from './assistant-model';
import './assistant.css';

const tabStorage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * The AI assistant's fixed container (spec 001 section 2.9): a launcher at the bottom right that shows or
 * hides the assistant's panel. Shown only when spec 6 enables the assistant (organisation qabot = 2, a
 * student or a teacher); the visible state is remembered per tab. The chat itself is a later issue: the
 * panel says so and offers only what exists.
 */
export function AssistantContainer() {
  const token = useStored('AccessToken');
  const storedRole = useStored('role');
  const basic = useBasicInfo();
  const role = knownRole(storedRole) ?? knownRole(basic.data?.organIdentityType);
  const permissions = useOrganPermissions(isAssistantRole(role));
  const status = assistantStatus({ signedIn: !!token, role, permissions });

  if (status === 'none' || !isAssistantRole(role)) return null;
  if (status === 'loading') {
    return (
      <div className="assistant-launcher is-loading" role="status" data-testid="assistant-loading">
        <Spin size="small" />
        <span className="assistant-sr-only">正在加载{ASSISTANT_NAMES[role]}</span>
      </div>
    );
  }
  return <AssistantDock role={role} permissions={permissions.data ?? {}} />;
}

function AssistantDock({ role, permissions }: { role: AssistantRole; permissions: OrganPermissionMap }) {
  const [visible, setVisibleState] = useState(() => readAssistantVisible(tabStorage()));
  const launcher = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const name = ASSISTANT_NAMES[role];

  const setVisible = useCallback((next: boolean) => {
    setVisibleState(next);
    writeAssistantVisible(tabStorage(), next);
  }, []);

  const close = () => {
    setVisible(false);
    launcher.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && visible) {
      event.stopPropagation();
      close();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the container closes the panel
    <div className="assistant" data-testid="assistant" onKeyDown={onKeyDown}>
      <button
        ref={launcher}
        type="button"
        className={`assistant-launcher${visible ? ' is-open' : ''}`}
        aria-expanded={visible}
        aria-controls={panelId}
        data-testid="assistant-launcher"
        onClick={() => setVisible(!visible)}
      >
        <RobotOutlined className="assistant-launcher__icon" aria-hidden />
        <span>{name}</span>
      </button>
      <section
        id={panelId}
        className="assistant-panel"
        aria-labelledby={titleId}
        hidden={!visible}
        data-testid="assistant-panel"
      >
        <header className="assistant-panel__header">
          <RobotOutlined className="assistant-panel__mark" aria-hidden />
          <h2 id={titleId} className="assistant-panel__title">
            {name}
          </h2>
          <button
            type="button"
            className="assistant-panel__close"
            aria-label={`收起${name}`}
            data-testid="assistant-close"
            onClick={close}
          >
            <CloseOutlined aria-hidden />
          </button>
        </header>
        <div className="assistant-panel__body">
          <p className="assistant-panel__notice" data-testid="assistant-coming">
            <strong>{CHAT_COMING_SOON}</strong>
            <span>开放后可在这里与{name}对话。</span>
          </p>
          {role === 'Teacher' ? <TeacherMenu permissions={permissions} /> : <StudentPrompts />}
        </div>
      </section>
    </div>
  );
}

function TeacherMenu({ permissions }: { permissions: OrganPermissionMap }) {
  const groups = teacherMenu(permissions);
  return (
    <nav className="assistant-menu" aria-label="教学助手功能" data-testid="assistant-teacher-menu">
      {groups.map((group) => (
        <section
          key={group.key}
          className="assistant-menu__group"
          aria-labelledby={`assistant-g-${group.key}`}
        >
          <h3 id={`assistant-g-${group.key}`} className="assistant-menu__title">
            {group.title}
          </h3>
          <ul className="assistant-menu__list">
            {group.entries.map((entry) => (
              <li key={entry.key}>
                {entry.kind === 'link' ? (
                  <Link
                    to={entry.to}
                    className="assistant-entry"
                    data-testid={`assistant-entry-${entry.key}`}
                  >
                    {entry.label}
                    <RightOutlined className="assistant-entry__go" aria-hidden />
                  </Link>
                ) : (
                  <Tooltip title={ENTRY_COMING_SOON}>
                    {/* a button, so keyboard users reach the explanation too; it leads nowhere and says so */}
                    <button
                      type="button"
                      className="assistant-entry is-disabled"
                      aria-disabled="true"
                      data-testid={`assistant-entry-${entry.key}`}
                    >
                      {entry.label}
                      <span className="assistant-entry__tag">{ENTRY_COMING_SOON}</span>
                    </button>
                  </Tooltip>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

function StudentPrompts() {
  return (
    <section className="assistant-prompts" aria-labelledby="assistant-prompts-title">
      <h3 id="assistant-prompts-title" className="assistant-menu__title">
        可以问我
      </h3>
      <ul className="assistant-prompts__list" data-testid="assistant-prompt-groups">
        {STUDENT_PROMPT_GROUPS.map((group) => (
          <li key={group.key} className="assistant-prompts__item">
            <strong>{group.title}</strong>
            <span>{group.description}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
