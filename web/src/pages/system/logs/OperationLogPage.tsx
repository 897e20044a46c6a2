import { useState } from 'react';
import { Button, DatePicker, Descriptions, Form, Input, Modal, Select, Tabs, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OperationLogRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { ExportLogList } from './ExportLogList.tsx';
import './OperationLogPage.css';

interface LogSearchForm {
  dates?: [Dayjs | null, Dayjs | null] | null;
  account?: string;
  module?: string;
  outcome?: 'success' | 'failure';
}

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString(currentLanguage() === 'en' ? 'en-GB' : 'zh-CN', { hour12: false }) : '');

/** The list's search: a date range as two days, empty fields left out. */
export function logSearch(values: LogSearchForm): Record<string, unknown> {
  const [from, to] = values.dates ?? [];
  return {
    dateFrom: from ? from.format('YYYY-MM-DD') : undefined,
    dateTo: to ? to.format('YYYY-MM-DD') : undefined,
    account: values.account?.trim() || undefined,
    module: values.module?.trim() || undefined,
    outcome: values.outcome,
  };
}

function OutcomeTag({ outcome }: { outcome: string }) {
  const { t } = useTranslation();
  return <Tag color={outcome === 'success' ? 'green' : 'red'}>{t(outcome === 'success' ? 'operationLog.success' : 'operationLog.failure')}</Tag>;
}

/** The parameters as the log keeps them (secrets already replaced by the server), indented. */
function paramsText(params: unknown): string {
  if (params === null || params === undefined) return '';
  return JSON.stringify(params, null, 2);
}

/**
 * /xtgl/rzgl: the operation log (issue 4, item 5) and, beside it, the export log (issue 12). Both
 * read-only: filter, page, export, look at one entry.
 */
export default function OperationLogPage(_props: PageProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      className="ops-log-tabs"
      destroyOnHidden
      items={[
        { key: 'operations', label: t('opsLog.tabOperations'), children: <OperationLogList /> },
        { key: 'exports', label: <span data-testid="exportlog-tab">{t('opsLog.tabExports')}</span>, children: <ExportLogList /> },
      ]}
    />
  );
}

function OperationLogList() {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<OperationLogRow | null>(null);

  return (
    <ManagePage<OperationLogRow, LogSearchForm>
      permission="system:log"
      listUrl="/api/system/logs/page"
      exportUrl="/api/system/logs/export"
      exportName={t('operationLog.exportName')}
      toSearch={logSearch}
      searchFields={() => (
        <>
          <Form.Item name="dates" label={t('opsLog.dateRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} data-testid="oplog-dates" />
          </Form.Item>
          <Form.Item name="account" label={t('operationLog.account')}>
            <Input allowClear maxLength={64} placeholder={t('opsLog.accountPlaceholder')} data-testid="oplog-account" />
          </Form.Item>
          <Form.Item name="module" label={t('operationLog.module')}>
            <Input allowClear maxLength={64} placeholder={t('opsLog.modulePlaceholder')} style={{ width: 160 }} data-testid="oplog-module" />
          </Form.Item>
          <Form.Item name="outcome" label={t('operationLog.outcome')}>
            <Select
              allowClear
              placeholder={t('manage.all')}
              style={{ width: 120 }}
              data-testid="oplog-outcome"
              options={[
                { value: 'success', label: t('operationLog.success') },
                { value: 'failure', label: t('operationLog.failure') },
              ]}
            />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'createdAt', dataIndex: 'createdAt', title: t('operationLog.createdAt'), sorter: true, width: 170, render: (value: string) => formatTime(value) },
        { key: 'account', dataIndex: 'account', title: t('operationLog.account'), sorter: true, width: 110 },
        { key: 'module', dataIndex: 'module', title: t('operationLog.module'), sorter: true, width: 140 },
        { key: 'operation', dataIndex: 'operation', title: t('operationLog.operation'), width: 120 },
        { key: 'outcome', dataIndex: 'outcome', title: t('operationLog.outcome'), width: 90, render: (value: string) => <OutcomeTag outcome={value} /> },
        { key: 'durationMs', dataIndex: 'durationMs', title: t('operationLog.durationMs'), sorter: true, width: 110, align: 'right' },
        { key: 'method', dataIndex: 'method', title: t('operationLog.method'), width: 80 },
        { key: 'path', dataIndex: 'path', title: t('operationLog.path'), width: 220, ellipsis: true },
        { key: 'clientAddress', dataIndex: 'clientAddress', title: t('operationLog.clientAddress'), width: 130 },
        { key: 'statusCode', dataIndex: 'statusCode', title: t('operationLog.statusCode'), width: 80 },
        { key: 'clientType', dataIndex: 'clientType', title: t('operationLog.clientType'), width: 100 },
      ]}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => setDetail(row)} data-testid={`oplog-detail-${row.id}`}>
          {t('opsLog.details')}
        </Button>
      )}
      data-testid="oplog-page"
    >
      {() => (
        <Modal
          open={!!detail}
          title={t('opsLog.detailTitle')}
          onCancel={() => setDetail(null)}
          footer={
            <Button onClick={() => setDetail(null)} data-testid="oplog-detail-close">
              {t('manage.close')}
            </Button>
          }
          width={currentLanguage() === 'en' ? 810 : 650}
          destroyOnHidden
        >
          {detail && (
            <div data-testid="oplog-detail">
              <Descriptions column={2} size="small" bordered>
                <Descriptions.Item label={t('operationLog.createdAt')}>{formatTime(detail.createdAt)}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.outcome')}>
                  <OutcomeTag outcome={detail.outcome} />
                </Descriptions.Item>
                <Descriptions.Item label={t('operationLog.userId')}>{detail.userId ?? ''}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.account')}>{detail.account ?? ''}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.clientAddress')}>{detail.clientAddress ?? ''}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.method')}>{detail.method}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.path')} span={2}>
                  {detail.path}
                </Descriptions.Item>
                <Descriptions.Item label={t('operationLog.handler')} span={2}>
                  {detail.handler ?? ''}
                </Descriptions.Item>
                <Descriptions.Item label={t('operationLog.module')}>{detail.module}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.operation')}>{detail.operation}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.durationMs')}>{detail.durationMs}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.statusCode')}>{detail.statusCode}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.clientType')}>{detail.clientType}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.systemName')}>{detail.systemName}</Descriptions.Item>
                <Descriptions.Item label={t('operationLog.errorMessage')} span={2}>
                  <span data-testid="oplog-detail-error">{detail.errorMessage ?? ''}</span>
                </Descriptions.Item>
              </Descriptions>
              <Typography.Title level={5} className="ops-params-title">
                {t('operationLog.params')}
              </Typography.Title>
              <pre className="ops-params" data-testid="oplog-detail-params">
                {paramsText(detail.params) || t('opsLog.noParams')}
              </pre>
            </div>
          )}
        </Modal>
      )}
    </ManagePage>
  );
}
