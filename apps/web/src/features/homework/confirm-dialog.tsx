import { Modal } from 'antd';
import type { ReactNode } from 'react';

export type ConfirmRequest = {
  title: string;
  content: ReactNode;
  okText: string;
  danger?: boolean;
  /** resolves when done (the dialog closes); rejects when it failed (the dialog stays, the error shown) */
  onOk: () => Promise<unknown>;
};

/** A confirmation before an act that cannot be undone (delete, publish, release, submit). */
export function ConfirmDialog({
  request,
  busy,
  onClose,
}: {
  request: ConfirmRequest | null;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={request !== null}
      title={request?.title}
      okText={request?.okText}
      cancelText="取消"
      okButtonProps={{
        danger: request?.danger,
        ...({ 'data-testid': 'confirm-ok' } as Record<string, string>),
      }}
      confirmLoading={busy}
      onOk={() => {
        request
          ?.onOk()
          .then(onClose)
          .catch(() => undefined);
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="confirm-dialog">{request?.content}</div>
    </Modal>
  );
}
