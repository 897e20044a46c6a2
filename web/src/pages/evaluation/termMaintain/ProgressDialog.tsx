import { Button, Modal, Progress, Result, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EvaluationClassProgress, EvaluationTheme } from '@campus/contract';
import { errorMessage, fetchProgress, themeKeys } from './termMaintainCalls.ts';
import { percentOf } from './themeModel.ts';

export interface ProgressDialogProps {
  /** The theme whose classes are shown; null: closed. */
  theme: EvaluationTheme | null;
  onClose: () => void;
}

/** A theme's filling class by class: the students filled of the class's, and who fills them (the class teacher). */
export function ProgressDialog({ theme, onClose }: ProgressDialogProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: themeKeys.progress(theme?.id ?? 0),
    queryFn: ({ signal }) => fetchProgress(theme!.id, signal),
    enabled: !!theme,
  });
  const rows = query.data ?? [];
  const filled = rows.reduce((sum, row) => sum + row.filled, 0);
  const students = rows.reduce((sum, row) => sum + row.students, 0);

  const columns: TableColumnsType<EvaluationClassProgress> = [
    { key: 'gradeName', dataIndex: 'gradeName', title: t('termMaintainPage.progressCol.grade'), width: 110 },
    { key: 'className', dataIndex: 'className', title: t('termMaintainPage.progressCol.class'), width: 140 },
    {
      key: 'classTeacherName',
      dataIndex: 'classTeacherName',
      title: t('termMaintainPage.progressCol.classTeacher'),
      width: 130,
      render: (name: string | null) => name || <span className="evaluation-muted">{t('termMaintainPage.noClassTeacher')}</span>,
    },
    {
      key: 'filled',
      title: t('termMaintainPage.progressCol.filled'),
      width: 220,
      render: (_: unknown, row) => (
        <div className="evaluation-progress" data-testid={`evaluation-class-progress-${row.classId}`}>
          <Progress percent={percentOf(row.filled, row.students)} size="small" showInfo={false} status={row.students > 0 && row.filled >= row.students ? 'success' : 'normal'} />
          <span className="evaluation-progress-text">
            {row.filled} / {row.students}
          </span>
        </div>
      ),
    },
  ];

  let body;
  if (query.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(query.error) || t('termMaintainPage.progressFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        data-testid="evaluation-progress-error"
      />
    );
  } else {
    body = (
      <>
        {!query.isPending && (
          <div className="evaluation-progress-total" data-testid="evaluation-progress-total">
            {t('termMaintainPage.progressTotal', { filled, students, classes: rows.length })}
          </div>
        )}
        <Table<EvaluationClassProgress>
          size="small"
          rowKey="classId"
          pagination={false}
          loading={query.isPending}
          dataSource={rows}
          columns={columns}
          scroll={{ x: 'max-content', y: 420 }}
          locale={{ emptyText: t('termMaintainPage.noClasses') }}
        />
      </>
    );
  }

  return (
    <Modal
      open={!!theme}
      title={theme ? t('termMaintainPage.progressTitle', { name: theme.name }) : ''}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose} data-testid="evaluation-progress-close">
          {t('manage.close')}
        </Button>,
      ]}
      width={680}
      destroyOnHidden
    >
      <div data-testid="evaluation-progress-dialog">{body}</div>
    </Modal>
  );
}
