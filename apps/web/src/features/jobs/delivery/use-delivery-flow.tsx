import { JOBS_MSG, type ResumePercentages } from '@uplus/shared';
import { type ReactNode, useState } from 'react';
import { lazyPart } from '../../../components/lazy-part';
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
  resumeChoicesOf,
} from './delivery-gate';

/** Where 去完善 leads (opened in a new tab, spec 2). */
export const RESUME_PATH = '/workbench/index/resume';

type Step = null | 'lowCompleteness' | 'perfectInfo' | 'chooser';

/** The gate's dialogs load when first needed (the pages show without them). */
const DeliveryDialogs = lazyPart(async () => (await import('./delivery-dialogs')).DeliveryDialogs, {
  dialog: true,
});

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

  const dialogs =
    step === null ? null : (
      <DeliveryDialogs
        step={step}
        percentages={percentages}
        resumes={resumes}
        choices={choices}
        chosenKey={chosenKey}
        canConfirm={!!chosen}
        delivering={deliver.isPending}
        onPick={setPicked}
        onConfirm={() => void confirm()}
        onImprove={improve}
        onClose={close}
      />
    );
  return { start, checking: check.isPending, dialogs };
};
