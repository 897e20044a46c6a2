import { DatePicker, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { formatTime } from './OperationLogPage.tsx';

/** One export as POST /api/system/exportLogs/page answers it (docs/calls-system.md). */
export interface ExportLogRow {
  id: number;
  createdAt: string;
  account: string | null;
  clientAddress: string | null;
  listKey: string;
  filters: unknown;
  rowCount: number | null;
  status: 'done' | 'failed' | 'refused';
  errorMessage: string | null;
}

interface ExportSearchForm {
  dates?: [Dayjs | null, Dayjs | null] | null;
  account?: string;
  listKey?: string;
  status?: ExportLogRow['status'];
}

const STATUS_COLORS: Record<ExportLogRow['status'], string> = { done: 'green', failed: 'red', refused: 'orange' };
const STATUS_KEYS = { done: 'exportLog.statusDone', failed: 'exportLog.statusFailed', refused: 'exportLog.statusRefused' } as const;

function exportSearch(values: ExportSearchForm): Record<string, unknown> {
  const [from, to] = values.dates ?? [];
  return {
    dateFrom: from ? from.format('YYYY-MM-DD') : undefined,
    dateTo: to ? to.format('YYYY-MM-DD') : undefined,
    account: values.account?.trim() || undefined,
    listKey: values.listKey?.trim() || undefined,
    status: values.status,
  };
}

/** The export log (issue 12): every list export, who made it, with which filters and how many rows. */
export function ExportLogList() {
  const { t } = useTranslation();
  return (
    <ManagePage<ExportLogRow, ExportSearchForm>
      permission="system:log"
      listUrl="/api/system/exportLogs/page"
      toSearch={exportSearch}
      searchFields={() => (
        <>
          <Form.Item name="dates" label={t('opsLog.dateRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item name="account" label={t('exportLog.account')}>
            <Input allowClear maxLength={64} placeholder={t('opsLog.accountPlaceholder')} data-testid="exportlog-account" />
          </Form.Item>
          <Form.Item name="listKey" label={t('exportLog.listKey')}>
            <Input allowClear maxLength={100} placeholder={t('exportLog.listPlaceholder')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="status" label={t('exportLog.status')}>
            <Select
              allowClear
              placeholder={t('manage.all')}
              style={{ width: 160 }}
              options={(['done', 'failed', 'refused'] as const).map((status) => ({ value: status, label: t(STATUS_KEYS[status]) }))}
            />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'createdAt', dataIndex: 'createdAt', title: t('exportLog.createdAt'), sorter: true, width: 170, render: (value: string) => formatTime(value) },
        { key: 'account', dataIndex: 'account', title: t('exportLog.account'), sorter: true, width: 110 },
        { key: 'listKey', dataIndex: 'listKey', title: t('exportLog.listKey'), width: 240, ellipsis: true },
        { key: 'rowCount', dataIndex: 'rowCount', title: t('exportLog.rowCount'), sorter: true, width: 90, align: 'right' },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('exportLog.status'),
          width: 150,
          render: (value: ExportLogRow['status']) => <Tag color={STATUS_COLORS[value]}>{t(STATUS_KEYS[value])}</Tag>,
        },
        { key: 'filters', dataIndex: 'filters', title: t('exportLog.filters'), width: 240, ellipsis: true, render: (value: unknown) => (value ? JSON.stringify(value) : '') },
        { key: 'clientAddress', dataIndex: 'clientAddress', title: t('exportLog.clientAddress'), width: 130 },
      ]}
      data-testid="exportlog-page"
    />
  );
}
