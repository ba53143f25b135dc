import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { setupAntdRender } from '../../lib/antd-render';
import { errorText } from '../../lib/error-text';
import { showToast } from '../../lib/toast';
import { uploadProof } from './api';

// ImageUploader opens its preview (ImageViewer) imperatively.
setupAntdRender();

/** What the server stores (contract: attach/upload). */
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

/** The item's `extra` is the stored file's path, which the recharge sends as `image`. */
export const proofPath = (items: ImageUploadItem[]): string => (items[0]?.extra as string | undefined) ?? '';

function check(file: File): File | null {
  if (!ACCEPTED_TYPES.includes(file.type)) void errorText('upload_type').then(showToast);
  else if (file.size > MAX_BYTES) void errorText('upload_too_large').then(showToast);
  else return file;
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
  const upload = async (file: File): Promise<ImageUploadItem> => {
    const stored = await uploadProof(file);
    return { key: stored.id, url: URL.createObjectURL(file), extra: stored.url };
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
      >
        <div className="upload-tile">
          <CameraOutline />
          <span>{t('recharge.upload')}</span>
        </div>
      </ImageUploader>
      <p className="field-hint">{t('recharge.credentialsHint')}</p>
    </div>
  );
}
