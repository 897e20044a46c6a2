import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryHeader } from '../../components/QueryHeader/index.ts';
import type { PageProps } from '../registry.ts';
import { EventLog, useEventLog } from './EventLog.tsx';
import './demo.css';

interface DemoSearch {
  keyword?: string;
  status?: string;
}

/** /demo/pagHeader: the query header (collapse, Enter, search, reset, back arrow or a custom back handler). */
export default function PagHeaderDemo(_props: PageProps) {
  const { t } = useTranslation();
  const { events, log } = useEventLog();
  const fields = (
    <>
      <Form.Item name="keyword" label={t('demo.header.keyword')}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="status" label={t('demo.header.status')}>
        <Select
          allowClear
          style={{ width: 140 }}
          options={[
            { value: 'success', label: t('demo.logs.success') },
            { value: 'failure', label: t('demo.logs.failure') },
          ]}
        />
      </Form.Item>
    </>
  );
  const onSearch = (values: DemoSearch) => log(t('demo.header.searched', { values: JSON.stringify(values) }));
  return (
    <div className="demo-page" data-testid="demo-pag-header">
      <Typography.Title level={4}>{t('demo.pagHeader.title')}</Typography.Title>
      <QueryHeader<DemoSearch> title={t('demo.header.plain')} showBack onSearch={onSearch} onReset={() => log(t('demo.header.reset'))}>
        {fields}
      </QueryHeader>
      <QueryHeader<DemoSearch> title={t('demo.header.custom')} onBack={() => log(t('demo.header.back'))} defaultCollapsed onSearch={onSearch}>
        {fields}
      </QueryHeader>
      <EventLog events={events} />
    </div>
  );
}
