import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setupAntdRender } from '../lib/antd-render';
import { ApiError } from '../lib/api';
import { errorText } from '../lib/error-text';
import { showToast } from '../lib/toast';
import { uploadImage } from '../lib/upload';

// ImageUploader opens its preview (ImageViewer) imperatively.
setupAntdRender();

/** What the server stores (contract: attach/upload). */
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

/** The item's `extra` is the stored file's path, which the recharge sends as `image`. */
export const proofPath = (items: ImageUploadItem[]): string => (items[0]?.extra as string | undefined) ?? '';

/** Why a file cannot be a proof (its type or size), or null when it can. */
function refusal(file: File): 'upload_type' | 'upload_too_large' | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return 'upload_type';
  if (file.size > MAX_BYTES) return 'upload_too_large';
  return null;
}

interface Props {
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
  onBusyChange: (busy: boolean) => void;
}

/**
 * The credentials screenshot: checked here for type and size, uploaded at once, previewed from the local file (the
 * stored copy needs the token header, which an <img> cannot send).
 */
export function ProofUpload({ value, onChange, onBusyChange }: Props) {
  const { t } = useTranslation();
  // A refused file leaves no tile behind; why it was refused stays under the uploader until the next try.
  const [rejection, setRejection] = useState('');
  const check = async (file: File): Promise<File | null> => {
    const key = refusal(file);
    if (!key) return file;
    const text = await errorText(key);
    setRejection(text);
    showToast(text);
    return null;
  };
  const upload = async (file: File): Promise<ImageUploadItem> => {
    setRejection('');
    try {
      const stored = await uploadImage(file);
      return { key: stored.id, url: URL.createObjectURL(file), extra: stored.url };
    } catch (error) {
      if (error instanceof ApiError) setRejection(error.message);
      throw error;
    }
  };
  return (
    <div className="proof-upload">
      <ImageUploader
        value={value}
        onChange={onChange}
        maxCount={1}
        accept={ACCEPTED_TYPES.join(',')}
        beforeUpload={check}
        upload={upload}
        onUploadQueueChange={(tasks) => onBusyChange(tasks.some((task) => task.status === 'pending'))}
        onDelete={(item) => URL.revokeObjectURL(item.url)}
        showFailed={false}
      >
        <div className="upload-tile">
          <CameraOutline />
          <span>{t('recharge.upload')}</span>
        </div>
      </ImageUploader>
      {rejection && (
        <p className="field-error" role="alert">
          {rejection}
        </p>
      )}
      <p className="field-hint">{t('recharge.credentialsHint')}</p>
    </div>
  );
}
