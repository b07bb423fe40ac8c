import type { Citation } from '@uplus/shared';
import { Modal, Spin } from 'antd';
import { errorMessage } from '../../../api/http';
import { usePassage } from '../api';

/**
 * The passage a citation opens (GET /passages/{id}): the material's title, the heading it sits under, its
 * text and where it is in the material (i/N).
 */
export function PassageDialog({ citation, onClose }: { citation: Citation | null; onClose: () => void }) {
  const passage = usePassage(citation?.passageId ?? null);
  return (
    <Modal
      open={!!citation}
      onCancel={onClose}
      footer={null}
      width={640}
      title={
        citation ? `引用 [${citation.n}] · ${passage.data?.materialTitle ?? citation.materialTitle}` : ''
      }
      destroyOnHidden
    >
      <div className="chat-passage" data-testid="chat-passage">
        {passage.isPending ? (
          <div role="status" className="chat-passage__loading">
            <Spin size="small" /> 正在打开引用的内容…
          </div>
        ) : passage.isError ? (
          <p role="alert" className="chat-passage__error">
            {errorMessage(passage.error)}
          </p>
        ) : passage.data ? (
          <>
            <p className="chat-passage__where">
              {passage.data.heading && <strong>{passage.data.heading}</strong>}
              <span data-testid="chat-passage-position">
                第 {passage.data.position} / {passage.data.count} 段
              </span>
            </p>
            <div className="chat-passage__text">{passage.data.text}</div>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
