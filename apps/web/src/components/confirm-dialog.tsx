import { type ButtonProps, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

/*
 * The confirmation every destructive act goes through (archive, remove, regenerate, close, delete), shared
 * by the course pages, the consoles and the resume. Modal is already part of the workbench shell.
 */

export type ConfirmRequest = {
  title: string;
  content: ReactNode;
  okText: string;
  danger?: boolean;
  /** the act; the dialog stays open (loading) until it settles, and closes when it succeeds */
  onConfirm: () => Promise<unknown>;
};

/**
 * The confirmation before a destructive act (archive, remove, regenerate, close). A failure is toasted by
 * the HTTP client and the dialog stays, so nothing happens unseen.
 */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await request.onConfirm();
      onClose();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!request}
      title={request?.title}
      okText={request?.okText}
      cancelText="取消"
      okButtonProps={{ danger: request?.danger, loading: busy, 'data-testid': 'confirm-ok' } as ButtonProps}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => void confirm()}
      onCancel={() => !busy && onClose()}
      destroyOnHidden
    >
      <div data-testid="confirm-content">{request?.content}</div>
    </Modal>
  );
}

/** The state of the page's confirmation dialog: `ask(request)` opens it. */
export const useConfirm = () => {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  return {
    ask: setRequest,
    dialog: <ConfirmDialog request={request} onClose={() => setRequest(null)} />,
  };
};
