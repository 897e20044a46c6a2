import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { signOut } from './session.ts';

/** A blocking dialog with only a re-login button, which logs out and reloads (spec sections 4 and 8). */
export default function BlockingDialog({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('session.promptTitle')}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      rootClassName="blocking-dialog"
      footer={
        <Button type="primary" onClick={() => void signOut()} data-testid="blocking-relogin">
          {t('session.relogin')}
        </Button>
      }
    >
      <p>{t(messageKey)}</p>
    </Modal>
  );
}
