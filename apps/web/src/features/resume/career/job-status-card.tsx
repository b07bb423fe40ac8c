import { JOB_STATUSES, type JobStatus } from '@uplus/shared';
import { Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../api/http';
import { lazyPart, preloadOn } from '../../../components/lazy-part';
import { useToast } from '../../../lib/toast';
import { useMemberDetail, useSaveMemberProfile } from './api';
import { LoadFailed } from './load-failed';
import './profile-cards.css';
import { SideCard } from '../side-card';

/*
 * 求职状态 (career spec 4 "Job-seeking status", 5 "Accepted-status dialog"): 正在求职 is saved at once with
 * empty company and position; 已接受offer opens a dialog asking the position (15) and the company (30),
 * prefilled, and saves with status Accepted (accepted-dialog.tsx, loaded when first opened or when the
 * choice or 修改 is hovered or focused). Company and position are shown only when accepted.
 */

const AcceptedDialog = lazyPart(async () => (await import('../editors')).AcceptedDialog, { dialog: true });

export function JobStatusCard() {
  const member = useMemberDetail();
  const save = useSaveMemberProfile();
  const toast = useToast();
  const profile = member.data?.profile;
  const status: JobStatus = profile?.status ?? 'Seeking';
  const [asking, setAsking] = useState(false);
  // the dialog stays mounted once opened (so that it closes with its animation)
  const [asked, setAsked] = useState(false);
  const ask = () => {
    setAsked(true);
    setAsking(true);
  };

  const choose = async (next: JobStatus) => {
    if (next === 'Accepted') {
      ask();
      return;
    }
    try {
      await save.mutateAsync({ status: 'Seeking' });
      toast.success('保存成功');
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <SideCard title="求职状态" size="small" className="rp-card" data-testid="job-status-card">
      {member.isPending && member.fetchStatus !== 'idle' ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : member.isError ? (
        <LoadFailed onRetry={() => void member.refetch()} />
      ) : (
        <>
          <Radio.Group
            value={status}
            disabled={save.isPending || member.isError}
            onChange={(e) => void choose(e.target.value)}
            options={JOB_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
            aria-label="求职状态"
            {...preloadOn(AcceptedDialog)}
            data-testid="job-status"
          />
          {status === 'Accepted' && (
            <dl className="rp-facts" data-testid="job-status-accepted">
              <dt>公司</dt>
              <dd>{profile?.companyName}</dd>
              <dt>职位</dt>
              <dd>{profile?.occupationName}</dd>
            </dl>
          )}
          {status === 'Accepted' && (
            <button type="button" className="rp-link" onClick={ask} {...preloadOn(AcceptedDialog)}>
              修改
            </button>
          )}
        </>
      )}
      {asked ? (
        <AcceptedDialog
          open={asking}
          occupationName={profile?.occupationName}
          companyName={profile?.companyName}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </SideCard>
  );
}
