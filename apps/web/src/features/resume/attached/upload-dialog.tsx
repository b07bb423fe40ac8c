import { FileTextOutlined } from '@ant-design/icons';
import { ATTACHED_MSG } from '@uplus/shared';
import { Button, Modal, Progress } from 'antd';
import { useEffect, useRef } from 'react';
import type { UploadState } from './attached-resumes-card';

/*
 * The upload progress dialog of 附件简历 (issue 13, career spec 4 "Upload progress"): only its own button
 * closes it (not a click outside, not Escape), once the upload has ended. Loaded when first opened, or as
 * soon as an upload button is hovered, focused or touched (attached-resumes-card.tsx).
 */

export default function UploadDialog({ state, onClose }: { state: UploadState; onClose: () => void }) {
  const done = state.success || !!state.error;
  const closeButton = useRef<HTMLButtonElement>(null);
  // the one way out gets the focus when the upload ends (keyboard users need not look for it)
  useEffect(() => {
    if (done && state.open) closeButton.current?.focus();
  }, [done, state.open]);
  return (
    <Modal
      open={state.open}
      title="上传附件简历"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        done ? (
          <Button type="primary" onClick={onClose} ref={closeButton}>
            {state.success ? '完成' : '关闭'}
          </Button>
        ) : null
      }
      destroyOnHidden
    >
      <div className="attached-upload" data-testid="attached-upload-dialog">
        <p className="attached-upload__name">
          <FileTextOutlined aria-hidden /> {state.fileName}
        </p>
        <Progress
          percent={state.percent}
          status={state.error ? 'exception' : state.success ? 'success' : 'active'}
          aria-label="上传进度"
        />
        <p className="attached-upload__status" role="status" aria-live="polite">
          {state.error ? state.error : state.success ? ATTACHED_MSG.uploaded : '正在上传，请勿关闭页面…'}
        </p>
      </div>
    </Modal>
  );
}
