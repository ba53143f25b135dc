import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code drawn locally as a data: image (the CSP allows data: images, not remote QR services). */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => live && setSrc(url),
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [value, size]);
  return (
    <div className="qr-code" style={{ width: size, height: size }}>
      {src && <img src={src} alt={label} width={size} height={size} />}
    </div>
  );
}
