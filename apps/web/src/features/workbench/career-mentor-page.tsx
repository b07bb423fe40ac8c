import { RobotOutlined } from '@ant-design/icons';
import { MSG } from '@uplus/shared';
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { useStored } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import { useOrganPermissions } from '../assistants/api';
import {
  ASSISTANT_PERMISSION_KEYS,
  CHAT_COMING_SOON,
  knownRole,
  QABOT_ENABLED,
} from '../assistants/assistant-model';
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
 * assistant sits in a placeholder area; its chat is a later issue and the area says so.
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
        职业导师
      </h1>
      <div className="wb-mentor__area" data-testid="career-mentor-area">
        <RobotOutlined className="wb-mentor__icon" aria-hidden />
        <p>你好，我是你的职业导师，可以陪你规划职业、准备简历和面试。</p>
        <p className="wb-mentor__soon">{CHAT_COMING_SOON}</p>
      </div>
    </section>
  );
}
