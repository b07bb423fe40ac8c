import { JOBS_MSG, type ResumePercentages } from '@uplus/shared';
import { type ButtonProps, Modal, Radio, Spin } from 'antd';
import { PROFILE_FIELDS, type ResumeChoice } from './delivery-gate';

type Props = {
  step: 'lowCompleteness' | 'perfectInfo' | 'chooser';
  percentages: ResumePercentages | null;
  resumes: { isPending: boolean; isError: boolean; refetch: () => unknown };
  choices: readonly ResumeChoice[];
  chosenKey: string | null;
  canConfirm: boolean;
  delivering: boolean;
  onPick: (key: string) => void;
  onConfirm: () => void;
  onImprove: () => void;
  onClose: () => void;
};

/**
 * The delivery gate's dialogs (career spec 6): the low-completeness prompt and the perfect-info dialog,
 * both with 去完善, and the chooser listing the online resume and each attachment.
 */
export function DeliveryDialogs(p: Props) {
  return (
    <>
      <Modal
        open={p.step === 'lowCompleteness'}
        title="提示"
        width={400}
        okText={JOBS_MSG.goImprove}
        cancelText="取消"
        onOk={p.onImprove}
        onCancel={p.onClose}
        okButtonProps={{ 'data-testid': 'gate-improve' } as ButtonProps}
        destroyOnHidden
      >
        <p data-testid="gate-low-completeness">{JOBS_MSG.lowCompleteness}</p>
      </Modal>
      <Modal
        open={p.step === 'perfectInfo'}
        title="完善个人信息"
        width={400}
        okText={JOBS_MSG.goImprove}
        cancelText="取消"
        onOk={p.onImprove}
        onCancel={p.onClose}
        okButtonProps={{ 'data-testid': 'gate-improve' } as ButtonProps}
        destroyOnHidden
      >
        <div data-testid="gate-perfect-info">
          <p>投递附件简历前，请先完善个人信息：{PROFILE_FIELDS.join('、')}。</p>
          {p.percentages && p.percentages.missing.length > 0 && (
            <p className="job-gate__missing">在线简历还可完善：{p.percentages.missing.join('、')}</p>
          )}
        </div>
      </Modal>
      <Modal
        open={p.step === 'chooser'}
        title="选择投递的简历"
        width={400}
        okText="确定投递"
        cancelText="取消"
        onOk={p.onConfirm}
        onCancel={p.onClose}
        okButtonProps={
          { disabled: !p.canConfirm, loading: p.delivering, 'data-testid': 'gate-deliver' } as ButtonProps
        }
        cancelButtonProps={{ disabled: p.delivering }}
        destroyOnHidden
      >
        {p.resumes.isPending ? (
          <div role="status">
            <Spin size="small" /> 正在加载简历…
          </div>
        ) : p.resumes.isError ? (
          <div role="alert">
            简历加载失败
            <button type="button" className="job-link-button" onClick={() => void p.resumes.refetch()}>
              重试
            </button>
          </div>
        ) : (
          <Radio.Group
            value={p.chosenKey}
            onChange={(e) => p.onPick(e.target.value as string)}
            className="job-gate__choices"
            aria-label="选择投递的简历"
            data-testid="gate-chooser"
          >
            {p.choices.map((c) => (
              <Radio key={c.key} value={c.key} disabled={!!c.disabledReason}>
                <span data-testid="gate-choice" data-disabled={!!c.disabledReason}>
                  {c.label}
                  {c.disabledReason && <span className="job-gate__note">（{c.disabledReason}）</span>}
                </span>
              </Radio>
            ))}
          </Radio.Group>
        )}
      </Modal>
    </>
  );
}
