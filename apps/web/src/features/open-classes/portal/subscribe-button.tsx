import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { OPEN_CLASS_MSG } from '@uplus/shared';
import { Button, type ButtonProps, Modal } from 'antd';
import { useState } from 'react';
import { useStored } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { goToLogin } from '../../sessions/session';
import { useDeleteSubscription, useSubscribe, useUnsubscribeCourse } from '../api';

type Props = {
  courseId: string;
  courseName: string;
  subscribed: boolean;
  /** the subscription's id when known (the detail page); the list card looks it up */
  subscriptionId?: string | null;
  size?: 'small' | 'middle' | 'large';
};

/**
 * 订阅 / 取消订阅. A visitor is asked to sign in first (spec 5: login-required links prompt login); teachers
 * and business users do not subscribe, so they see no button. 取消订阅 asks first.
 */
export function SubscribeButton({ courseId, courseName, subscribed, subscriptionId, size = 'small' }: Props) {
  const token = useStored('AccessToken');
  const role = useStored('role');
  const subscribe = useSubscribe();
  const unsubscribeById = useDeleteSubscription();
  const unsubscribeCourse = useUnsubscribeCourse();
  const toast = useToast();
  const [asking, setAsking] = useState<'login' | 'unsubscribe' | null>(null);
  const [busy, setBusy] = useState(false);

  if (token && (role === 'Teacher' || role === 'Business')) return null;

  const onClick = () => {
    if (!token) setAsking('login');
    else if (subscribed) setAsking('unsubscribe');
    else {
      setBusy(true);
      subscribe
        .mutateAsync(courseId)
        .then(() => toast.success(OPEN_CLASS_MSG.subscribeSuccess))
        .catch(() => undefined)
        .finally(() => setBusy(false));
    }
  };
  const unsubscribe = async () => {
    setBusy(true);
    try {
      if (subscriptionId) await unsubscribeById.mutateAsync(subscriptionId);
      else await unsubscribeCourse.mutateAsync(courseId);
      toast.success(OPEN_CLASS_MSG.unsubscribeSuccess);
      setAsking(null);
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size={size}
        type={subscribed ? 'default' : 'primary'}
        icon={subscribed ? <CheckOutlined aria-hidden /> : <PlusOutlined aria-hidden />}
        loading={busy && !asking}
        onClick={onClick}
        // the visible text starts the name (WCAG 2.5.3); a subscribed button says what pressing it does
        aria-label={
          subscribed
            ? `${OPEN_CLASS_MSG.subscribed}《${courseName}》，${OPEN_CLASS_MSG.unsubscribe}`
            : `${OPEN_CLASS_MSG.subscribe}《${courseName}》`
        }
        data-testid="subscribe"
        data-subscribed={subscribed}
      >
        {subscribed ? OPEN_CLASS_MSG.subscribed : OPEN_CLASS_MSG.subscribe}
      </Button>
      <Modal
        open={asking === 'login'}
        title="请先登录"
        okText="去登录"
        cancelText="取消"
        onOk={() => goToLogin()}
        onCancel={() => setAsking(null)}
        okButtonProps={{ 'data-testid': 'login-ok' } as ButtonProps}
        destroyOnHidden
      >
        登录后即可订阅《{courseName}》。
      </Modal>
      <Modal
        open={asking === 'unsubscribe'}
        title={OPEN_CLASS_MSG.unsubscribe}
        okText={OPEN_CLASS_MSG.unsubscribe}
        cancelText="取消"
        okButtonProps={{ danger: true, loading: busy, 'data-testid': 'unsubscribe-ok' } as ButtonProps}
        cancelButtonProps={{ disabled: busy }}
        onOk={() => void unsubscribe()}
        onCancel={() => !busy && setAsking(null)}
        destroyOnHidden
      >
        确定取消订阅《{courseName}》吗？
      </Modal>
    </>
  );
}
