import { type FeedbackRecordItem, JOBS_MSG, type OfferMaterial, previewModeOf } from '@uplus/shared';
import { Button, Modal, Spin } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../api/http';
import { fetchMaterialDownload, useMaterialView } from './api';

/** offer详情: the offer's description and its files, each previewed in place (spec sections 2, 5). */
export function OfferDialog(props: { invitation: FeedbackRecordItem; onClose: () => void }) {
  const [previewing, setPreviewing] = useState<OfferMaterial | null>(null);
  const { invitation } = props;
  return (
    <Modal open title="offer详情" width={720} footer={null} onCancel={props.onClose}>
      <p className="feedback-offer__description">{invitation.offerDescription || '—'}</p>
      {invitation.internOccupations.length > 0 && (
        <p>岗位：{invitation.internOccupations.map((o) => o.name).join('、')}</p>
      )}
      {invitation.offerMaterials.length > 0 && (
        <ul className="feedback-offer__files" aria-label="附件">
          {invitation.offerMaterials.map((m) => (
            <li key={m.id}>
              <span>{m.name}</span>
              <Button type="link" onClick={() => setPreviewing(m)}>
                预览
              </Button>
              <Button
                type="link"
                onClick={async () => {
                  try {
                    const { signedUrl } = await fetchMaterialDownload(m.id);
                    window.open(signedUrl, '_blank', 'noopener');
                  } catch {
                    // toasted
                  }
                }}
              >
                下载
              </Button>
            </li>
          ))}
        </ul>
      )}
      {previewing && <MaterialPreview material={previewing} onClose={() => setPreviewing(null)} />}
    </Modal>
  );
}

/** The file preview: images and PDFs inline (Office files as the PDF the server made), else 格式不支持预览. */
export function MaterialPreview(props: { material: OfferMaterial; onClose: () => void }) {
  const view = useMaterialView(props.material.id);
  const mode = view.data ? previewModeOf(view.data.extension) : null;
  return (
    <Modal open title={props.material.name} width={800} footer={null} onCancel={props.onClose}>
      {view.isError ? (
        <p role="alert">{errorMessage(view.error)}</p>
      ) : view.isPending ? (
        <Spin />
      ) : mode === 'image' ? (
        <img className="feedback-offer__image" src={view.data.path} alt={props.material.name} />
      ) : mode === 'pdf' ? (
        <iframe className="feedback-offer__frame" src={view.data.path} title={props.material.name} />
      ) : (
        <p className="feedback-offer__unsupported">{JOBS_MSG.unsupportedPreview}</p>
      )}
    </Modal>
  );
}
