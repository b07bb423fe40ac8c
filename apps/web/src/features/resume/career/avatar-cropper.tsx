import { UserOutlined } from '@ant-design/icons';
import { type AvatarUpload, firstAvatarFileError } from '@uplus/shared';
import { Avatar, Button } from 'antd';
import { useRef, useState } from 'react';
import { lazyPart, preloadOn } from '../../../components/lazy-part';
import { useToast } from '../../../lib/toast';

/*
 * The avatar field of the personal form (career spec 5, 9): png, jpg or jpeg under 2 MB, then the crop
 * dialog (avatar-crop-dialog.tsx with react-easy-crop: loaded when an image is first picked, or as soon as
 * 上传头像 is hovered, focused or touched).
 */

const AvatarCropper = lazyPart(async () => (await import('./avatar-crop-dialog')).default, { dialog: true });

type FieldProps = {
  /** the address of the current avatar ('' for none) */
  value: string;
  onUploaded: (upload: AvatarUpload) => void;
  disabled?: boolean;
  /** a new image is uploaded but the form is not saved yet */
  pending?: boolean;
};

/**
 * The avatar with a 上传头像 button: picks a png/jpg/jpeg under 2 MB (else the spec's message), then opens
 * the crop dialog.
 */
export function AvatarField({ value, onUploaded, disabled, pending }: FieldProps) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [opened, setOpened] = useState(false);
  const pick = (picked: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!picked) return;
    const error = firstAvatarFileError(picked);
    if (error) {
      toast.error(error);
      return;
    }
    setFile(picked);
    setOpened(true);
  };
  return (
    <div className="rp-avatar-field">
      <Avatar
        size={72}
        src={value || undefined}
        icon={<UserOutlined />}
        alt="头像"
        data-testid="avatar-image"
      />
      <Button
        onClick={() => {
          AvatarCropper.preload();
          input.current?.click();
        }}
        {...preloadOn(AvatarCropper)}
        disabled={disabled}
        data-testid="avatar-pick"
      >
        上传头像
      </Button>
      <span className="rp-hint" aria-live="polite">
        {pending ? '新头像保存后生效' : '支持 png、jpg、jpeg，小于2MB'}
      </span>
      <input
        ref={input}
        type="file"
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        hidden
        style={{ display: 'none' }}
        tabIndex={-1}
        onChange={(e) => pick(e.target.files?.[0])}
        data-testid="avatar-input"
      />
      {/* mounted from the first image on (so that it can close with its animation) */}
      {opened ? (
        <AvatarCropper
          file={file}
          onCancel={() => setFile(null)}
          onUploaded={(upload) => {
            setFile(null);
            onUploaded(upload);
          }}
        />
      ) : null}
    </div>
  );
}
