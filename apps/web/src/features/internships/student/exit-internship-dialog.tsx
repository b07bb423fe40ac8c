import {
  EXIT_REASONS,
  type ExitReasonCode,
  exitDescriptionOf,
  exitError,
  INTERNSHIP_LIMITS,
  INTERNSHIPS_MSG,
} from '@uplus/shared';
import { type ButtonProps, Input, Modal, Radio } from 'antd';
import { useId, useState } from 'react';
import { useToast } from '../../../lib/toast';
import { useExitInternship } from '../api';

type Props = { group: { id: string; name: string } | null; onClose: () => void };

/**
 * 退出实习 (spec 5): exactly one of the six reasons; 其他 needs its text (请填写退出原因), at most 50
 * characters with a counter. Success: 退出成功.
 */
export function ExitInternshipDialog({ group, onClose }: Props) {
  const toast = useToast();
  const exit = useExitInternship();
  const [reason, setReason] = useState<ExitReasonCode | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const errorId = `${textId}-error`;

  const close = () => {
    setReason(null);
    setText('');
    setError(null);
    exit.reset();
    onClose();
  };

  const submit = async () => {
    if (!group || exit.isPending) return;
    const problem = exitError(reason, text);
    setError(problem);
    if (problem || !reason) return;
    try {
      await exit.mutateAsync({
        internshipGroupId: group.id,
        exitReason: reason,
        exitedDescription: exitDescriptionOf(reason, text),
      });
      toast.success(INTERNSHIPS_MSG.exited);
      close();
    } catch {
      // the client has toasted the server's message
    }
  };

  return (
    <Modal
      open={!!group}
      title="退出实习"
      okText="确认退出"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: exit.isPending, 'data-testid': 'exit-confirm' } as ButtonProps}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <p>确定退出《{group?.name}》吗？请选择退出原因：</p>
      <Radio.Group
        value={reason}
        onChange={(e) => {
          setReason(e.target.value as ExitReasonCode);
          setError(null);
        }}
        aria-label="退出原因"
        aria-required
        aria-invalid={
          error && error !== INTERNSHIPS_MSG.exitOtherRequired && error !== INTERNSHIPS_MSG.exitOtherTooLong
            ? true
            : undefined
        }
        aria-describedby={error ? errorId : undefined}
        className="internship-exit-reasons"
        data-testid="exit-reasons"
      >
        {EXIT_REASONS.map((r) => (
          <Radio key={r.code} value={r.code} data-testid={`exit-reason-${r.code}`}>
            {r.title}
          </Radio>
        ))}
      </Radio.Group>
      {reason === 'Other' && (
        <div className="internship-field" style={{ marginTop: 12 }}>
          <label htmlFor={textId}>退出原因</label>
          <Input.TextArea
            id={textId}
            value={text}
            rows={3}
            placeholder={INTERNSHIPS_MSG.exitOtherRequired}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            status={error ? 'error' : undefined}
            showCount={{ formatter: ({ count }) => `${count}/${INTERNSHIP_LIMITS.exitReasonMax}` }}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            data-testid="exit-other"
          />
        </div>
      )}
      {error && (
        <div id={errorId} className="internship-field__error" role="alert" data-testid="exit-error">
          {error}
        </div>
      )}
    </Modal>
  );
}
