import { RESERVATIONS_MSG, type ReservationTargetType } from '@uplus/shared';
import { Button, Popconfirm } from 'antd';
import { useStored } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import { goToLogin } from '../sessions/session';
import { useCancelReservation, useReserve } from './api';

/** 预约 / 取消预约 on a talk's or fair's page; a visitor gets 登录后预约, which leads to sign-in and back. */
export function ReserveButton({
  targetType,
  targetId,
  reservationId,
  open,
}: {
  targetType: ReservationTargetType;
  targetId: string;
  reservationId: string | null;
  /** false once canceled or over: no new reservation */
  open: boolean;
}) {
  const token = useStored('AccessToken');
  const reserve = useReserve();
  const cancel = useCancelReservation();
  const toast = useToast();
  if (reservationId)
    return (
      <Popconfirm
        title="确定取消预约吗？"
        okText="确定"
        cancelText="取消"
        onConfirm={async () => {
          try {
            await cancel.mutateAsync(reservationId);
            toast.success(RESERVATIONS_MSG.canceled);
          } catch {
            // the client has toasted the server's message
          }
        }}
      >
        <Button loading={cancel.isPending} data-testid="reservation-cancel">
          取消预约
        </Button>
      </Popconfirm>
    );
  if (!open) return null;
  if (!token)
    return (
      <Button type="primary" onClick={() => goToLogin()} data-testid="reservation-login">
        登录后预约
      </Button>
    );
  return (
    <Button
      type="primary"
      loading={reserve.isPending}
      data-testid="reservation-reserve"
      onClick={async () => {
        try {
          await reserve.mutateAsync({ targetType, targetId });
          toast.success(RESERVATIONS_MSG.reserved);
        } catch {
          // the client has toasted the server's message
        }
      }}
    >
      预约
    </Button>
  );
}
