import { useMemo } from 'react';
import { Button, Card, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedTable } from '../../components/PagedTable/index.ts';
import type { PageProps } from '../registry.ts';
import { LOGS_URL, logColumns, type LogRow } from './logColumns.tsx';
import './demo.css';

/** /demo/pagination: the paged table over the operation log (page sizes, sorting, jumper). */
export default function PaginationDemo(_props: PageProps) {
  const { t } = useTranslation();
  const table = usePagedTable<LogRow>();
  const columns = useMemo(() => logColumns(t), [t]);
  return (
    <div className="demo-page" data-testid="demo-pagination">
      <Typography.Title level={4}>{t('demo.pagination.title')}</Typography.Title>
      <Card
        size="small"
        title={t('demo.logs.hint')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => table.current?.reload()} data-testid="demo-reload">
            {t('demo.table.reload')}
          </Button>
        }
        style={{ maxWidth: 'none' }}
      >
        <PagedTable<LogRow> ref={table} url={LOGS_URL} columns={columns} rowKey="id" size="small" data-testid="demo-paged-table" />
      </Card>
    </div>
  );
}
