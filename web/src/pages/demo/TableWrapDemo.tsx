import { useMemo } from 'react';
import { Button, Form, Input, Select, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedTable } from '../../components/PagedTable/index.ts';
import { QueryHeader } from '../../components/QueryHeader/index.ts';
import type { PageProps } from '../registry.ts';
import { LOGS_URL, logColumns, type LogRow } from './logColumns.tsx';
import './demo.css';

interface LogSearch {
  account?: string;
  module?: string;
  outcome?: 'success' | 'failure';
  dateFrom?: string;
  dateTo?: string;
}

/** Only the filled fields go to the server. */
function compact(values: LogSearch): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== ''));
}

/** /demo/tableWrap: a whole list screen, query header over a paged table (the operation log). */
export default function TableWrapDemo(_props: PageProps) {
  const { t } = useTranslation();
  const table = usePagedTable<LogRow>();
  const columns = useMemo(() => logColumns(t), [t]);
  return (
    <div className="demo-page" data-testid="demo-table-wrap">
      <Typography.Title level={4}>{t('demo.tableWrap.title')}</Typography.Title>
      <QueryHeader<LogSearch>
        title={t('demo.logs.hint')}
        onSearch={(values) => table.current?.search(compact(values))}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => table.current?.reload()}>
            {t('demo.table.reload')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('demo.logs.account')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="module" label={t('demo.logs.module')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="outcome" label={t('demo.logs.outcome')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'success', label: t('demo.logs.success') },
              { value: 'failure', label: t('demo.logs.failure') },
            ]}
          />
        </Form.Item>
        <Form.Item name="dateFrom" label={t('demo.logs.dateRange')}>
          <Input type="date" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="dateTo">
          <Input type="date" style={{ width: 150 }} />
        </Form.Item>
      </QueryHeader>
      <PagedTable<LogRow> ref={table} url={LOGS_URL} columns={columns} rowKey="id" size="small" defaultSort={{ field: 'createdAt', order: 'desc' }} />
    </div>
  );
}
