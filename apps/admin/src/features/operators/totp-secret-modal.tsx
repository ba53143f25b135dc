import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { CreatedOperator } from './operators-api';

/** Shows a new operator's authenticator secret once; closing it drops the secret from the page. */
export function TotpSecretModal({ created, onClose }: { created: CreatedOperator; onClose: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const [qrFailed, setQrFailed] = useState(false);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(created.totp_uri, { width: 220, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => live && setQr(url),
      () => live && setQrFailed(true),
    );
    return () => {
      live = false;
    };
  }, [created.totp_uri]);

  const { operator } = created;
  return (
    <Modal
      open
      title={`Authenticator set-up for ${operator.name}`}
      mask={{ closable: false }}
      keyboard={false}
      closable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          I have saved it, close
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        title="This secret will not be shown again"
        description={`Hand it to ${operator.email} now: they scan the QR code with an authenticator app (or type the secret) and need its 6-digit code to sign in.`}
        style={{ marginBottom: 16 }}
      />
      <Flex vertical align="center" gap={12}>
        {qr ? (
          <img src={qr} width={220} height={220} alt={`Authenticator QR code for ${operator.email}`} />
        ) : qrFailed ? (
          <Typography.Text type="danger">The QR code could not be drawn; use the secret below.</Typography.Text>
        ) : (
          <Spin />
        )}
        <Typography.Text type="secondary">Secret key</Typography.Text>
        <Typography.Text code copyable={{ text: created.totp_secret, tooltips: ['Copy secret', 'Copied'] }} strong>
          {created.totp_secret}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
