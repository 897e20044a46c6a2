import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../components/DeleteButton/index.ts';
import type { PageProps } from '../registry.ts';
import { EventLog, useEventLog } from './EventLog.tsx';
import './demo.css';

/** /demo/buttons: the delete-confirm button's outcomes (success, refusal, cancel). */
export default function ButtonsDemo(_props: PageProps) {
  const { t } = useTranslation();
  const { events, log } = useEventLog();
  const handlers = {
    onSuccess: (_data: unknown, msg: string) => log(t('demo.buttons.succeeded', { msg })),
    onFailure: (msg: string) => log(t('demo.buttons.failed', { msg })),
    onCancel: () => log(t('demo.buttons.cancelled')),
  };
  return (
    <div className="demo-page" data-testid="demo-buttons">
      <Typography.Title level={4}>{t('demo.buttons.title')}</Typography.Title>
      <Card size="small">
        <Space wrap>
          <DeleteButton url="/api/getExpires" method="get" {...handlers} data-testid="demo-delete-success">
            {t('demo.buttons.success')}
          </DeleteButton>
          <DeleteButton url="/components/demo/delete" param={{ ids: [1, 2] }} {...handlers} data-testid="demo-delete-failure">
            {t('demo.buttons.failure')}
          </DeleteButton>
          <DeleteButton url="/components/demo/delete" formEncoded param={{ id: 1 }} text={t('demo.buttons.customText')} {...handlers} data-testid="demo-delete-custom">
            {t('demo.buttons.custom')}
          </DeleteButton>
        </Space>
      </Card>
      <EventLog events={events} />
    </div>
  );
}
