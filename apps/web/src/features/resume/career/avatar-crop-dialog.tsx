import { RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { type AvatarUpload, RESUME_LIMITS, RESUME_MSG, STORAGE_KEYS } from '@uplus/shared';
import { Alert, Button, Modal, Slider, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { errorMessage } from '../../../api/http';
import { useStored } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { uploadAvatar, withTimestamp } from './api';

/*
 * The avatar (career spec 5, 9): png, jpg or jpeg under 2 MB, cropped square (1:1) with zoom steps of 0.2
 * and 90° turns, uploaded as avatar.jpg to the portal's file storage; the new image is shown with a
 * timestamp in its address so no cached copy stands in for it. This is the crop dialog (react-easy-crop,
 * the zoom slider), loaded when an image is first picked or 上传头像 is hovered or focused
 * (avatar-cropper.tsx).
 */

const ZOOM_MIN = 1;
const ZOOM_MAX = 3;
/** the side of the uploaded square, in pixels */
const OUTPUT_SIDE = 400;

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('图片读取失败，请换一张图片'));
    image.src = src;
  });

/** The cropped square (after turning the image by `rotation` degrees) as a JPEG of OUTPUT_SIDE pixels. */
export const cropToBlob = async (src: string, area: Area, rotation: number): Promise<Blob> => {
  const image = await loadImage(src);
  const turned = ((rotation % 360) + 360) % 360;
  const sideways = turned === 90 || turned === 270;
  const width = sideways ? image.naturalHeight : image.naturalWidth;
  const height = sideways ? image.naturalWidth : image.naturalHeight;
  const whole = document.createElement('canvas');
  whole.width = width;
  whole.height = height;
  const w = whole.getContext('2d');
  if (!w) throw new Error('浏览器不支持图片裁剪');
  w.translate(width / 2, height / 2);
  w.rotate((turned * Math.PI) / 180);
  w.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  const out = document.createElement('canvas');
  out.width = OUTPUT_SIDE;
  out.height = OUTPUT_SIDE;
  const o = out.getContext('2d');
  if (!o) throw new Error('浏览器不支持图片裁剪');
  // a transparent PNG becomes a white-backed JPEG, not a black one
  o.fillStyle = '#fff';
  o.fillRect(0, 0, OUTPUT_SIDE, OUTPUT_SIDE);
  o.drawImage(whole, area.x, area.y, area.width, area.height, 0, 0, OUTPUT_SIDE, OUTPUT_SIDE);
  return new Promise<Blob>((resolve, reject) =>
    out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('图片裁剪失败'))), 'image/jpeg', 0.92),
  );
};

type CropperProps = {
  /** the picked image; null: closed */
  file: File | null;
  onCancel: () => void;
  onUploaded: (upload: AvatarUpload) => void;
};

/** The crop dialog: drag to place, zoom (step 0.2), turn by 90°, 确定 uploads the square. */
export default function AvatarCropper({ file, onCancel, onUploaded }: CropperProps) {
  const userId = useStored(STORAGE_KEYS.userid);
  const toast = useToast();
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(ZOOM_MIN);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setSrc(url);
    setCrop({ x: 0, y: 0 });
    setZoom(ZOOM_MIN);
    setRotation(0);
    setError(null);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const cancel = () => {
    abort.current?.abort();
    onCancel();
  };
  const confirm = async () => {
    if (!src || !area || !userId || busy) return;
    setBusy(true);
    setError(null);
    abort.current = new AbortController();
    try {
      const blob = await cropToBlob(src, area, rotation);
      const upload = await uploadAvatar(userId, blob, abort.current.signal);
      toast.success(RESUME_MSG.avatarUploaded);
      onUploaded({ ...upload, viewUrl: withTimestamp(upload.viewUrl) });
    } catch (e) {
      if (!abort.current.signal.aborted) setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const step = RESUME_LIMITS.avatarZoomStep;
  const zoomBy = (delta: number) =>
    setZoom((z) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round((z + delta) * 10) / 10)));

  return (
    <Modal
      open={!!file}
      title="裁剪头像"
      onCancel={cancel}
      maskClosable={false}
      destroyOnHidden
      width={480}
      okText="确定"
      cancelText="取消"
      onOk={() => void confirm()}
      okButtonProps={{ loading: busy, disabled: !area, 'data-testid': 'avatar-crop-ok' } as never}
    >
      <div className="rp-cropper" data-testid="avatar-cropper">
        {src && (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            aspect={1}
            minZoom={ZOOM_MIN}
            maxZoom={ZOOM_MAX}
            zoomSpeed={step}
            cropShape="rect"
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onRotationChange={setRotation}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        )}
      </div>
      <Space className="rp-cropper-tools" wrap>
        <Button
          aria-label="缩小"
          icon={<ZoomOutOutlined />}
          onClick={() => zoomBy(-step)}
          disabled={zoom <= ZOOM_MIN}
        />
        <Slider
          className="rp-cropper-zoom"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={step}
          value={zoom}
          onChange={(v) => setZoom(v)}
          tooltip={{ formatter: (v) => `${v}x` }}
          aria-label="缩放"
        />
        <Button
          aria-label="放大"
          icon={<ZoomInOutlined />}
          onClick={() => zoomBy(step)}
          disabled={zoom >= ZOOM_MAX}
        />
        <Button
          icon={<RotateRightOutlined />}
          onClick={() => setRotation((r) => (r + RESUME_LIMITS.avatarRotateStep) % 360)}
          data-testid="avatar-rotate"
        >
          旋转90°
        </Button>
      </Space>
      {error && <Alert type="error" showIcon title={error} role="alert" data-testid="avatar-error" />}
    </Modal>
  );
}
