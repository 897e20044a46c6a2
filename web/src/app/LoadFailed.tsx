import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What the route guard shows when the user-info call got no answer (the server out of reach, the call given
 * up): the session stays, and the call can be tried again.
 */
export default function LoadFailed({ messageKey, retry }: { messageKey: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="standalone-page">
      <Result
        status="warning"
        title={t(messageKey)}
        extra={
          <Button type="primary" onClick={retry} data-testid="guard-retry">
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
