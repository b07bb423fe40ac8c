import { SafetyCertificateOutlined } from '@ant-design/icons';
import { MSG } from '@uplus/shared';
import { Spin, Switch } from 'antd';
import { useEffect, useId, useRef } from 'react';
import { Navigate } from 'react-router';
import { errorMessage } from '../../api/http';
import { useStored } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import { useMentorConsent, useOrganPermissions, useSetMentorConsent } from '../assistants/api';
import {
  ASSISTANT_PERMISSION_KEYS,
  knownRole,
  MENTOR_NAME,
  QABOT_ENABLED,
} from '../assistants/assistant-model';
import { AssistantChat } from '../assistants/chat/assistant-chat';
import { useBasicInfo } from '../sessions/api';
import { careerMentorAccess } from './workbench-model';

/** Where a refused visitor of the career mentor goes (spec career-job-seeker section 6). */
const SCHOOL_PATH = '/workbench/index/school';

/** Tells 暂无权限 once and sends the user to their courses. */
function Refused() {
  const toast = useToast();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    void toast.warning(MSG.noPermission);
  }, [toast]);
  return <Navigate to={SCHOOL_PATH} replace />;
}

/**
 * 职业导师 (/workbench/index/careerMentor): only for students whose organisation has the QA bot (qabot = 2);
 * anyone else is told 暂无权限 and sent to /workbench/index/school (spec career-job-seeker section 6). The
 * page's area holds the mentor's chat (scene CareerMentorQA), sized to it, with the consent panel: what
 * the mentor reads and a switch; without consent it still answers, saying it cannot see the resume.
 */
export function CareerMentorPage() {
  const storedRole = useStored('role');
  const basic = useBasicInfo();
  const role = knownRole(storedRole) ?? knownRole(basic.data?.organIdentityType);
  const permissions = useOrganPermissions(role === 'Student');
  const access = careerMentorAccess({
    role,
    roleLoading: !role && basic.isPending,
    qabot: permissions.isError ? null : permissions.data?.[ASSISTANT_PERMISSION_KEYS.qabot],
    permissionsLoading: role === 'Student' && permissions.isPending,
    qabotEnabled: QABOT_ENABLED,
  });

  if (access === 'loading') {
    return (
      <div className="page-status" role="status">
        <Spin />
        <span>正在确认访问权限…</span>
      </div>
    );
  }
  if (access === 'refused') return <Refused />;
  return (
    <section className="wb-mentor" aria-labelledby="wb-mentor-title">
      <h1 id="wb-mentor-title" className="wb-mentor__title">
        {MENTOR_NAME}
      </h1>
      <div className="wb-mentor__chat" data-testid="career-mentor-area">
        <AssistantChat
          target={{ scene: 'CareerMentorQA' }}
          layout="page"
          name={MENTOR_NAME}
          greeting="你好，我是你的职业导师，可以陪你规划职业、完善简历、准备面试。"
          notice={<ConsentPanel />}
        />
      </div>
    </section>
  );
}

/** What the mentor reads (简历、求职意向、投递记录) and the student's switch for it (PUT mentor/consent). */
function ConsentPanel() {
  const consent = useMentorConsent();
  const save = useSetMentorConsent();
  const switchId = useId();
  const descId = useId();
  const granted = consent.data?.granted ?? false;
  return (
    <section
      className={`wb-consent${granted ? ' is-granted' : ''}`}
      aria-label="授权设置"
      data-testid="mentor-consent"
    >
      <SafetyCertificateOutlined className="wb-consent__icon" aria-hidden />
      <div className="wb-consent__text">
        <p id={descId}>
          开启后，职业导师会读取你的<strong>简历、求职意向、投递记录</strong>
          ，给出更贴合你的建议；可随时关闭。
        </p>
        {consent.isError ? (
          <p className="wb-consent__state is-error" role="alert">
            {errorMessage(consent.error)}
          </p>
        ) : (
          !consent.isPending && (
            <p className="wb-consent__state" data-testid="mentor-consent-state" aria-live="polite">
              {granted
                ? '已授权：职业导师可以看到你的简历与求职信息。'
                : '未授权：职业导师看不到你的简历，只能给出一般性的建议。'}
            </p>
          )
        )}
      </div>
      <span className="wb-consent__switch">
        <Switch
          id={switchId}
          checked={granted}
          loading={consent.isPending || save.isPending}
          disabled={consent.isError}
          onChange={(next) => save.mutate(next)}
          aria-describedby={descId}
          data-testid="mentor-consent-switch"
        />
        <label htmlFor={switchId}>允许读取</label>
      </span>
    </section>
  );
}
