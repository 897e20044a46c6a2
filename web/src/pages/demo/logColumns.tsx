import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { PagedColumn } from '../../components/PagedTable/index.ts';

/** The generic paged call over the operation log (administrators). */
export const LOGS_URL = '/api/system/logs/page';

export interface LogRow {
  id: number;
  createdAt: string;
  account: string | null;
  module: string;
  operation: string;
  path: string;
  durationMs: number;
  outcome: string;
}

const dateTime = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
};

/** Columns of the operation log; time, duration, account and module sort on the server. */
export function logColumns(t: TFunction): PagedColumn<LogRow>[] {
  return [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('demo.logs.createdAt'), sorter: true, width: 180, render: dateTime },
    { key: 'account', dataIndex: 'account', title: t('demo.logs.account'), sorter: true, width: 120 },
    { key: 'module', dataIndex: 'module', title: t('demo.logs.module'), sorter: true, width: 120 },
    { key: 'operation', dataIndex: 'operation', title: t('demo.logs.operation'), ellipsis: true },
    { key: 'path', dataIndex: 'path', title: t('demo.logs.path'), ellipsis: true },
    { key: 'durationMs', dataIndex: 'durationMs', title: t('demo.logs.durationMs'), sorter: true, width: 130, align: 'right' },
    {
      key: 'outcome',
      dataIndex: 'outcome',
      title: t('demo.logs.outcome'),
      width: 90,
      render: (value: string) => <Tag color={value === 'success' ? 'green' : 'red'}>{value === 'success' ? t('demo.logs.success') : t('demo.logs.failure')}</Tag>,
    },
  ];
}
