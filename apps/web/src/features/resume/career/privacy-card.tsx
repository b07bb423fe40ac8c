import { RESUME_MSG } from '@uplus/shared';
import { Modal, Skeleton, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useMemberDetail, useSetVisible } from './api';
import { LoadFailed } from './load-failed';
import './profile-cards.css';
import { SideCard } from '../side-card';

/*
 * 隐私设置 (career spec 4 "Privacy switch"): the switch on hides the resume from HR. Turning it on asks
 * first, turning it off restores at once; the switch shows the new state while the call runs and goes back
 * when it fails.
 */
export function PrivacyCard() {
  const member = useMemberDetail();
  const setVisible = useSetVisible();
  const toast = useToast();
  const serverHidden = member.data?.profile?.visible === 'No';
  const [hidden, setHidden] = useState(serverHidden);
  const [asking, setAsking] = useState(false);
  useEffect(() => setHidden(serverHidden), [serverHidden]);

  const apply = async (hide: boolean) => {
    setHidden(hide);
    try {
      await setVisible.mutateAsync(!hide);
      toast.success(hide ? RESUME_MSG.hidden : RESUME_MSG.restored);
    } catch (e) {
      setHidden(!hide);
      toast.error(errorMessage(e));
    }
  };

  return (
    <SideCard title="隐私设置" size="small" className="rp-card" data-testid="privacy-card">
      {member.isPending && member.fetchStatus !== 'idle' ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : member.isError ? (
        <LoadFailed onRetry={() => void member.refetch()} />
      ) : (
        <div className="rp-row">
          <label htmlFor="rp-privacy-switch" className="rp-row-label">
            隐藏简历
            <span className="rp-hint">开启后企业HR将无法查看您的简历</span>
          </label>
          <Switch
            id="rp-privacy-switch"
            checked={hidden}
            loading={setVisible.isPending}
            disabled={member.isError}
            onChange={(on) => (on ? setAsking(true) : void apply(false))}
            data-testid="privacy-switch"
          />
        </div>
      )}
      <Modal
        open={asking}
        title="隐藏简历"
        okText="确认隐藏"
        cancelText="取消"
        onCancel={() => setAsking(false)}
        onOk={() => {
          setAsking(false);
          void apply(true);
        }}
        okButtonProps={{ 'data-testid': 'privacy-confirm' } as never}
        width={400}
      >
        {RESUME_MSG.hideConfirm}
      </Modal>
    </SideCard>
  );
}
