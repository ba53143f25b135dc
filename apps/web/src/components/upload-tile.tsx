import { CameraOutline } from 'antd-mobile-icons';

/** The screenshot slot of a form whose upload service is not open yet: visible, but inert. */
export function UploadTile({ label }: { label: string }) {
  return (
    <div className="upload-tile" aria-disabled>
      <CameraOutline />
      <span>{label}</span>
    </div>
  );
}
