import { COURSE_LIMITS, COURSES_MSG, type JoinCourseInfo, MSG, normalizeClassCode } from '@uplus/shared';
import { Button, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { getStoredOrgan, useStored } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { useUserOrgans } from '../../organisations/api';
import { fetchJoinInfo, useJoinCourse } from '../api';
import { courseTypeTitle } from '../course-model';
import { isCommitEnter } from '../course-parts';

type Props = { open: boolean; onClose: () => void };

/**
 * 加入课程 (spec 5 and 8): the student types the class code (请输入班级码 when empty); the class is looked up
 * (course_info) and its course and organisation shown; 确认加入 joins. A user in no organisation is told
 * 当前未加入任何机构 before anything is asked; every refusal of the server (unknown code, closed class, 您尚未加入…,
 * joined already) appears under the input. Success: 加入课程成功 and the list is asked again.
 */
export function JoinCourseDialog({ open, onClose }: Props) {
  const userid = useStored('userid');
  const organs = useUserOrgans(userid, '', open);
  const join = useJoinCourse();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<JoinCourseInfo | null>(null);
  const [looking, setLooking] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const reset = () => {
    setCode('');
    setError(null);
    setInfo(null);
    setLooking(false);
    join.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  /** The checks that need no lookup: a code, and an organisation to join with. */
  const precheck = (): string | null => {
    if (!normalizeClassCode(code)) return COURSES_MSG.classCodeRequired;
    if (organs.data && organs.data.length === 0) return MSG.noOrganJoined;
    return null;
  };

  const lookUp = async () => {
    if (looking) return;
    const problem = precheck();
    setError(problem);
    setInfo(null);
    if (problem) return;
    setLooking(true);
    try {
      setInfo(await fetchJoinInfo(normalizeClassCode(code)));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLooking(false);
    }
  };

  const confirmJoin = async () => {
    if (!info || join.isPending) return;
    const problem = precheck();
    if (problem) return setError(problem);
    try {
      await join.mutateAsync({ classCode: normalizeClassCode(code), schoolId: getStoredOrgan()?.id });
      toast.success(COURSES_MSG.joined);
      close();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const canJoin = !!info?.overt;
  const primary = canJoin ? (
    <Button
      key="join"
      type="primary"
      loading={join.isPending}
      onClick={() => void confirmJoin()}
      data-testid="join-confirm"
    >
      确认加入
    </Button>
  ) : (
    <Button
      key="look"
      type="primary"
      loading={looking}
      onClick={() => void lookUp()}
      data-testid="join-lookup"
    >
      查询班级
    </Button>
  );

  return (
    <Modal
      open={open}
      title="加入课程"
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        primary,
      ]}
    >
      <div className="courses-field" data-testid="join-dialog">
        <label htmlFor={inputId} className="courses-field__required">
          班级码
        </label>
        <Input
          id={inputId}
          value={code}
          autoFocus
          autoComplete="off"
          maxLength={COURSE_LIMITS.classCodeLength + 8}
          placeholder="请输入教师提供的班级码"
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
            setInfo(null);
          }}
          onKeyDown={(e) => {
            if (!isCommitEnter(e)) return;
            e.preventDefault();
            void (canJoin ? confirmJoin() : lookUp());
          }}
          data-testid="join-code"
        />
        {error && (
          <div id={errorId} className="courses-field__error" role="alert" data-testid="join-error">
            {error}
          </div>
        )}
      </div>
      {info && (
        <section className="join-info" aria-label="班级信息" data-testid="join-info">
          <dl>
            <dt>课程</dt>
            <dd data-testid="join-course-name">{info.name}</dd>
            <dt>类型</dt>
            <dd>{courseTypeTitle(info.type)}</dd>
            <dt>教学班</dt>
            <dd>{info.className}</dd>
            <dt>教师</dt>
            <dd>{info.creator}</dd>
            <dt>开放机构</dt>
            <dd data-testid="join-organ">
              {info.organ.parent ? `${info.organ.parent.name} / ${info.organ.name}` : info.organ.name}
            </dd>
          </dl>
          {!info.overt && (
            <p className="join-info__closed" role="alert">
              该班级暂不接受加入（班级已关闭或课程已归档）
            </p>
          )}
        </section>
      )}
    </Modal>
  );
}
