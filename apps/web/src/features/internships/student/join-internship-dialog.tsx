import {
  INTERNSHIP_LIMITS,
  INTERNSHIPS_MSG,
  inviteCodeError,
  type JoinedCount,
  normalizeInviteCode,
  occupationError,
} from '@uplus/shared';
import { Button, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { fetchJoinedCount, useJoinInternship } from '../api';
import { isCommitEnter } from '../parts';

type Props = { open: boolean; onClose: () => void };

/**
 * 加入实习 (spec 5 and 8): the invite code (trimmed, case-sensitive, at least 6: else 请输入正确的邀请码 on the
 * input), checked by joined_count (a wrong code highlights the input, other refusals are toasted); then the
 * position's full name (at most 15) and 确认加入. Success: 加入实习成功. The join limit is said up front.
 */
export function JoinInternshipDialog({ open, onClose }: Props) {
  const toast = useToast();
  const join = useJoinInternship();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [checked, setChecked] = useState<JoinedCount | null>(null);
  const [checking, setChecking] = useState(false);
  const [position, setPosition] = useState('');
  const [positionError, setPositionError] = useState<string | null>(null);
  const codeId = useId();
  const positionId = useId();

  const reset = () => {
    setCode('');
    setCodeError(null);
    setChecked(null);
    setChecking(false);
    setPosition('');
    setPositionError(null);
    join.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  /** A refusal: a wrong code goes on the input, anything else is toasted. */
  const refuse = (e: unknown) => {
    const message = errorMessage(e);
    if (message === INTERNSHIPS_MSG.inviteCodeInvalid) setCodeError(message);
    else toast.error(message);
  };

  const check = async () => {
    if (checking) return;
    const problem = inviteCodeError(code);
    setCodeError(problem);
    if (problem) return;
    setChecking(true);
    try {
      const answer = await fetchJoinedCount(normalizeInviteCode(code));
      if (!answer.joinFlag) toast.error(answer.message || INTERNSHIPS_MSG.inviteCodeInvalid);
      else setChecked(answer);
    } catch (e) {
      refuse(e);
    } finally {
      setChecking(false);
    }
  };

  const confirm = async () => {
    if (!checked || join.isPending) return;
    const problem = occupationError(position);
    setPositionError(problem);
    if (problem) return;
    try {
      await join.mutateAsync({
        inviteCode: normalizeInviteCode(code),
        internshipOccupationName: position.trim(),
      });
      toast.success(INTERNSHIPS_MSG.joined);
      close();
    } catch (e) {
      refuse(e);
      if (errorMessage(e) === INTERNSHIPS_MSG.inviteCodeInvalid) setChecked(null);
    }
  };

  return (
    <Modal
      open={open}
      title="加入实习"
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        checked ? (
          <Button
            key="join"
            type="primary"
            loading={join.isPending}
            onClick={() => void confirm()}
            data-testid="join-confirm"
          >
            确认加入
          </Button>
        ) : (
          <Button
            key="check"
            type="primary"
            loading={checking}
            onClick={() => void check()}
            data-testid="join-check"
          >
            下一步
          </Button>
        ),
      ]}
    >
      <p className="internship-field__hint" data-testid="join-limit">
        {INTERNSHIPS_MSG.joinLimit}
      </p>
      <div className="internship-field">
        <label htmlFor={codeId}>邀请码</label>
        <Input
          id={codeId}
          value={code}
          autoFocus
          autoComplete="off"
          maxLength={INTERNSHIP_LIMITS.inviteCodeMax}
          placeholder="请输入企业提供的邀请码（区分大小写）"
          aria-required
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? `${codeId}-error` : undefined}
          status={codeError ? 'error' : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setCodeError(null);
            setChecked(null);
          }}
          onKeyDown={(e) => {
            if (!isCommitEnter(e)) return;
            e.preventDefault();
            void check();
          }}
          data-testid="join-code"
        />
        {codeError && (
          <div
            id={`${codeId}-error`}
            className="internship-field__error"
            role="alert"
            data-testid="join-code-error"
          >
            {codeError}
          </div>
        )}
      </div>
      {checked && (
        <>
          <p data-testid="join-group">
            {checked.companyName} · {checked.groupName}（已有 {checked.joinCount} 人加入）
          </p>
          <div className="internship-field">
            <label htmlFor={positionId}>岗位全称</label>
            <Input
              id={positionId}
              value={position}
              autoFocus
              autoComplete="off"
              placeholder={`请输入岗位全称，最多${INTERNSHIP_LIMITS.occupationMax}个字`}
              aria-required
              aria-invalid={positionError ? true : undefined}
              aria-describedby={positionError ? `${positionId}-error` : undefined}
              status={positionError ? 'error' : undefined}
              showCount={{ formatter: ({ count }) => `${count}/${INTERNSHIP_LIMITS.occupationMax}` }}
              onChange={(e) => {
                setPosition(e.target.value);
                setPositionError(null);
              }}
              onKeyDown={(e) => {
                if (!isCommitEnter(e)) return;
                e.preventDefault();
                void confirm();
              }}
              data-testid="join-position"
            />
            {positionError && (
              <div
                id={`${positionId}-error`}
                className="internship-field__error"
                role="alert"
                data-testid="join-position-error"
              >
                {positionError}
              </div>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
