import { CloseOutlined, RobotOutlined } from '@ant-design/icons';
import { COURSE_TYPES } from '@uplus/shared';
import { Select, Spin } from 'antd';
import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { useStored } from '../../lib/storage';
import { useStudyCourses, useTeachingCourses } from '../courses/api';
import { useBasicInfo } from '../sessions/api';
import { useOrganPermissions } from './api';
import {
  ASSISTANT_NAMES,
  type AssistantRole,
  assistantStatus,
  isAssistantRole,
  knownRole,
  PICKED_COURSE_KEY,
  panelTarget,
  readAssistantVisible,
  readRememberedId,
  writeAssistantVisible,
  writeRememberedId,
} from './assistant-model';
import { AssistantChat } from './chat/assistant-chat';
import { usePageScene } from './scene';
import './assistant.css';

const tabStorage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * The AI assistant's fixed container (portal spec 2.9, 2.15; issue 16): a launcher at the bottom right
 * that shows or hides the assistant's panel. Shown only when spec 6 enables the assistant (organisation
 * qabot = 2, a student or a teacher); the visible state is remembered per tab. The panel chats in the
 * page's scene (a course, a homework, a catalogue item), or on a course the user picks.
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
  return <AssistantDock role={role} />;
}

function AssistantDock({ role }: { role: AssistantRole }) {
  const [visible, setVisibleState] = useState(() => readAssistantVisible(tabStorage()));
  // the chat mounts with the first opening and stays (an answer goes on being read while hidden)
  const [opened, setOpened] = useState(visible);
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const panelId = useId();
  const titleId = useId();
  const name = ASSISTANT_NAMES[role];

  const setVisible = useCallback((next: boolean) => {
    setVisibleState(next);
    if (next) setOpened(true);
    writeAssistantVisible(tabStorage(), next);
  }, []);

  const close = () => {
    setVisible(false);
    launcher.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Escape in the panel or on the launcher closes; one inside a dialog opened from it (a passage, a
    // confirmation: portals outside the panel's DOM) only closes that dialog
    const target = event.target as Node;
    const inside = panel.current?.contains(target) || launcher.current?.contains(target);
    if (event.key === 'Escape' && visible && inside && !event.defaultPrevented) {
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
        ref={panel}
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
        {opened && <PanelChat role={role} name={name} />}
      </section>
    </div>
  );
}

/** The panel's chat: in the page's scene, or on a course picked from the user's own. */
function PanelChat({ role, name }: { role: AssistantRole; name: string }) {
  const pageScene = usePageScene();
  const memory = `${PICKED_COURSE_KEY}${role}`;
  const [picked, setPickedState] = useState<number | null>(() => readRememberedId(tabStorage(), memory));
  const setPicked = (id: number | null) => {
    setPickedState(id);
    writeRememberedId(tabStorage(), memory, id);
  };
  const first = panelTarget({ role, pageScene, pickedCourseId: picked });
  const courses = useCourseChoices(role, first.picker);
  // without a pick yet, the first of the user's courses
  const fallback = picked ?? courses.options[0]?.value ?? null;
  const { target, picker } = panelTarget({ role, pageScene, pickedCourseId: fallback });

  return (
    <AssistantChat
      target={target}
      layout="panel"
      name={name}
      picker={
        picker ? (
          <Select
            size="small"
            className="chat-bar__picker"
            aria-label="选择课程"
            placeholder={courses.loading ? '正在加载课程…' : courses.options.length ? '选择课程' : '暂无课程'}
            value={fallback ?? undefined}
            options={courses.options}
            onChange={(id: number) => setPicked(id)}
            loading={courses.loading}
            showSearch={{ optionFilterProp: 'label' }}
            popupMatchSelectWidth={false}
            data-testid="chat-course-picker"
          />
        ) : undefined
      }
    />
  );
}

/** The courses the panel can ask about: a student's study list, a teacher's teaching courses. */
const useCourseChoices = (role: AssistantRole, enabled: boolean) => {
  const study = useStudyCourses(
    false,
    { types: COURSE_TYPES, search: '', page: 1 },
    enabled && role === 'Student',
  );
  const teaching = useTeachingCourses(
    { archived: false, search: '', page: 1 },
    enabled && role === 'Teacher',
  );
  const query = role === 'Student' ? study : teaching;
  const options = (query.data?.rows ?? []).map((c) => ({ value: Number(c.id), label: c.name }));
  return { options, loading: enabled && query.isPending };
};
