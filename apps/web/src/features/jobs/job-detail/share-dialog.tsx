import { Modal, QRCode } from 'antd';

/** 分享: a QR code of the job's address (spec 2), with the address to copy. */
export function ShareDialog({ url, open, onClose }: { url: string; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="微信扫码分享" width={400} footer={null} onCancel={onClose} destroyOnHidden>
      <div className="job-share" data-testid="job-share-dialog">
        <QRCode value={url} size={180} bordered={false} />
        <p className="job-share__url">{url}</p>
      </div>
    </Modal>
  );
}
