import type { UploadedFile } from '@uplus/shared';
import { Button } from 'antd';
import { FileUpload } from '../../files/file-upload';
import { type CoverValue, contentImageUrl } from './console-model';

const fromUploaded = (file: UploadedFile): CoverValue => ({
  id: String(file.id),
  url: contentImageUrl(file.id),
  uploaded: file,
});

/**
 * The cover: the files feature's upload control (purpose contentImage, with progress). A stored cover (the
 * server names only its id and address) is shown above it with 移除封面; uploading another replaces it.
 */
export function CoverField({
  value,
  onChange,
  id,
  'aria-describedby': describedBy,
  onBusyChange,
}: {
  value?: CoverValue | null;
  onChange?: (value: CoverValue | null) => void;
  id?: string;
  'aria-describedby'?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const upload = (
    <FileUpload
      purpose="contentImage"
      id={id}
      aria-describedby={describedBy}
      value={value?.uploaded ?? null}
      onChange={(file) => onChange?.(file ? fromUploaded(file) : null)}
      onBusyChange={onBusyChange}
    />
  );
  if (!value || value.uploaded) return upload;
  return (
    <div className="cc-cover">
      <div className="cc-cover-current">
        <img src={value.url} alt="当前封面" className="cc-cover-img" data-testid="current-cover" />
        <Button size="small" danger onClick={() => onChange?.(null)}>
          移除封面
        </Button>
      </div>
      {upload}
    </div>
  );
}
