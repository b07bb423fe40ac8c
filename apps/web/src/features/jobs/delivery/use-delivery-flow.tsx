import { JOBS_MSG, type ResumePercentages } from '@uplus/shared';
import { type ButtonProps, Modal, Radio, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { browser } from '../../../lib/browser';
import { useStored } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { goToLogin } from '../../sessions/session';
import { useCheckCompleteness, useDeliver, useDeliveryResumes } from '../api';
import {
  type DeliveryTarget,
  deliverStartOf,
  deliveryBodyOf,
  firstChoiceOf,
  gateOf,
  NOT_JOB_SEEKER_MSG,
  PROFILE_FIELDS,
  resumeChoicesOf,
} from './delivery-gate';

/** Where 去完善 leads (opened in a new tab, spec 2). */
export const RESUME_PATH = '/workbench/index/resume';

type Step = null | 'lowCompleteness' | 'perfectInfo' | 'chooser';

/**
 * The delivery gate of career spec 6 behind a deliver button: visitors go to sign in; otherwise the
 * completeness is read fresh and leads to the low-completeness prompt, the perfect-info dialog or the
 * chooser (online resume and each attachment); confirming delivers (toast 投递成功) and the details refresh.
 * `start` is the button's click; `dialogs` must be rendered.
 */
export const useDeliveryFlow = (
  target: DeliveryTarget | null,
): {
  start: () => void;
  checking: boolean;
  dialogs: ReactNode;
} => {
  const token = useStored('AccessToken');
  const role = useStored('role');
  const toast = useToast();
  const check = useCheckCompleteness();
  const deliver = useDeliver();
  const [step, setStep] = useState<Step>(null);
  const [percentages, setPercentages] = useState<ResumePercentages | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const resumes = useDeliveryResumes(step === 'chooser');

  const start = () => {
    const next = deliverStartOf({ token, role });
    if (next === 'signIn') return goToLogin();
    if (next === 'notJobSeeker') return void toast.error(NOT_JOB_SEEKER_MSG);
    check
      .mutateAsync()
      .then((p) => {
        setPercentages(p);
        setPicked(null);
        setStep(gateOf(p));
      })
      .catch(() => undefined); // the client has shown the message
  };

  const choices =
    resumes.data && percentages
      ? resumeChoicesOf({
          onlineResumeId: resumes.data.online.id,
          onlinePercentages: percentages.onlinePercentages,
          attached: resumes.data.attached,
        })
      : [];
  const chosenKey = picked ?? firstChoiceOf(choices);
  const chosen = choices.find((c) => c.key === chosenKey && !c.disabledReason) ?? null;

  const confirm = async () => {
    if (!target || !chosen) return;
    try {
      await deliver.mutateAsync(deliveryBodyOf(target, chosen));
      toast.success(JOBS_MSG.delivered);
      setStep(null);
    } catch {
      // the client has shown the server's message; the chooser stays open
    }
  };
  const improve = () => {
    browser.openNewTab(RESUME_PATH);
    setStep(null);
  };
  const close = () => !deliver.isPending && setStep(null);

  const dialogs = (
    <>
      <Modal
        open={step === 'lowCompleteness'}
        title="提示"
        width={400}
        okText={JOBS_MSG.goImprove}
        cancelText="取消"
        onOk={improve}
        onCancel={close}
        okButtonProps={{ 'data-testid': 'gate-improve' } as ButtonProps}
        destroyOnHidden
      >
        <p data-testid="gate-low-completeness">{JOBS_MSG.lowCompleteness}</p>
      </Modal>
      <Modal
        open={step === 'perfectInfo'}
        title="完善个人信息"
        width={400}
        okText={JOBS_MSG.goImprove}
        cancelText="取消"
        onOk={improve}
        onCancel={close}
        okButtonProps={{ 'data-testid': 'gate-improve' } as ButtonProps}
        destroyOnHidden
      >
        <div data-testid="gate-perfect-info">
          <p>投递附件简历前，请先完善个人信息：{PROFILE_FIELDS.join('、')}。</p>
          {percentages && percentages.missing.length > 0 && (
            <p className="job-gate__missing">在线简历还可完善：{percentages.missing.join('、')}</p>
          )}
        </div>
      </Modal>
      <Modal
        open={step === 'chooser'}
        title="选择投递的简历"
        width={400}
        okText="确定投递"
        cancelText="取消"
        onOk={() => void confirm()}
        onCancel={close}
        okButtonProps={
          { disabled: !chosen, loading: deliver.isPending, 'data-testid': 'gate-deliver' } as ButtonProps
        }
        cancelButtonProps={{ disabled: deliver.isPending }}
        destroyOnHidden
      >
        {resumes.isPending ? (
          <div role="status">
            <Spin size="small" /> 正在加载简历…
          </div>
        ) : resumes.isError ? (
          <div role="alert">
            简历加载失败
            <button type="button" className="job-link-button" onClick={() => void resumes.refetch()}>
              重试
            </button>
          </div>
        ) : (
          <Radio.Group
            value={chosenKey}
            onChange={(e) => setPicked(e.target.value as string)}
            className="job-gate__choices"
            aria-label="选择投递的简历"
            data-testid="gate-chooser"
          >
            {choices.map((c) => (
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
  return { start, checking: check.isPending, dialogs };
};
