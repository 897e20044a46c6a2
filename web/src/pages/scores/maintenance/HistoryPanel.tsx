import { Button, Empty, Result, Spin, Table, type TableColumnsType } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScoreCorrection } from '@campus/contract';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { valueText } from './CorrectDialog.tsx';
import { errorMessage, fetchCorrectionHistory, maintenanceKeys } from './maintenanceCalls.ts';

/** Whose history is shown: a batch's, or one student's of it; null: closed. */
export interface HistoryTarget {
  batchId: number;
  batchName: string;
  student?: { id: number; name: string };
}

function HistoryBody({ target }: { target: HistoryTarget }) {
  const { t } = useTranslation();
  const studentId = target.student?.id;
  const query = useQuery({
    queryKey: maintenanceKeys.history(target.batchId, studentId),
    queryFn: ({ signal }) => fetchCorrectionHistory(target.batchId, studentId, signal),
  });

  const columns: TableColumnsType<ScoreCorrection> = [
    { key: 'correctedAt', dataIndex: 'correctedAt', title: t('maintenancePage.history.when'), width: 140 },
    { key: 'correctedBy', title: t('maintenancePage.history.who'), width: 100, render: (_: unknown, row) => row.correctedByName || '—' },
    ...(studentId
      ? []
      : [
          {
            key: 'student',
            title: t('maintenancePage.history.student'),
            width: 150,
            render: (_: unknown, row: ScoreCorrection) => (
              <span>
                {row.studentName}
                <span className="score-maintenance-muted"> · {row.studentNumber}</span>
              </span>
            ),
          },
        ]),
    { key: 'courseName', dataIndex: 'courseName', title: t('maintenancePage.col.subject'), width: 90 },
    {
      key: 'change',
      title: t('maintenancePage.history.change'),
      width: 150,
      render: (_: unknown, row) => (
        <span className="score-maintenance-change" data-testid={`history-change-${row.id}`}>
          <span className="score-maintenance-old">{valueText(t, row.oldScore, row.oldMark)}</span>
          <ArrowRightOutlined className="score-maintenance-arrow" aria-label={t('maintenancePage.history.to')} />
          <strong>{valueText(t, row.newScore, row.newMark)}</strong>
        </span>
      ),
    },
    { key: 'reason', dataIndex: 'reason', title: t('maintenancePage.reason'), render: (value: string) => <span className="score-maintenance-reason-text">{value}</span> },
  ];

  if (query.isPending) {
    return (
      <div className="score-maintenance-loading">
        <Spin />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={errorMessage(query.error) || t('maintenancePage.loadFailed')}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="history-retry">
            {t('common.retry')}
          </Button>
        }
        data-testid="history-error"
      />
    );
  }
  if (!query.data.length) return <Empty description={t('maintenancePage.history.empty')} data-testid="history-empty" />;
  return (
    <Table<ScoreCorrection>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data}
      pagination={query.data.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      data-testid="history-table"
    />
  );
}

/** The corrections of a batch (the latest first), or of one student of it: when, who, subject, old → new, why. */
export function HistoryPanel({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const title = target?.student ? t('maintenancePage.history.studentTitle', { name: target.student.name }) : t('maintenancePage.history.batchTitle', { name: target?.batchName ?? '' });
  return (
    <SidePanel open={!!target} onClose={onClose} title={title} width={phone ? '100%' : 860}>
      {target && (
        <div data-testid="history-panel">
          <HistoryBody target={target} />
        </div>
      )}
    </SidePanel>
  );
}
