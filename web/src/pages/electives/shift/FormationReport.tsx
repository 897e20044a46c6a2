import type { ReactNode } from 'react';
import { Alert, Table, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormationReport } from '@campus/contract';

/** 12345 ms → '12.3'. */
const seconds = (ms: number) => (Math.round(ms / 100) / 10).toFixed(1);

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="shift-report-figure" data-testid={testId}>
      <Typography.Text type="secondary" className="elective-small">
        {label}
      </Typography.Text>
      <strong>{children}</strong>
    </div>
  );
}

/**
 * What the last formation did: students placed of all, classes and teacher periods against their lower
 * bounds, clashes (0: each student's subjects are in different blocks), the time, per subject the students,
 * classes and class sizes, the warnings and the students not placed with why.
 */
export function FormationReportView({ report }: { report: FormationReport }) {
  const { t } = useTranslation();
  const allPlaced = report.placed === report.students;
  return (
    <div className="shift-page" data-testid="shift-report" data-placed={report.placed} data-students={report.students} data-clashes={report.clashes}>
      <div className="shift-bar">
        <span className="elective-strong">{t('shiftUi.report.title')}</span>
        {report.finishedAt && (
          <Typography.Text type="secondary" className="elective-small">
            {t('shiftUi.report.finishedAt', { time: report.finishedAt.replace('T', ' ').slice(0, 16) })}
          </Typography.Text>
        )}
      </div>
      {report.error && <Alert type="error" showIcon title={report.error} data-testid="shift-report-error" />}
      <div className="shift-report-figures">
        <Figure label={t('shiftUi.report.placed')} testId="shift-report-placed">
          <span className={allPlaced ? undefined : 'elective-full'}>{t('shiftUi.report.ofTotal', { value: report.placed, total: report.students })}</span>
        </Figure>
        <Figure label={t('shiftUi.report.classes')} testId="shift-report-classes">
          {t('shiftUi.report.againstBound', { value: report.classCount, bound: report.classLowerBound })}
        </Figure>
        <Figure label={t('shiftUi.report.teacherPeriods')} testId="shift-report-teacher-periods">
          {t('shiftUi.report.againstBound', { value: report.teacherPeriods, bound: report.teacherPeriodsLowerBound })}
        </Figure>
        <Figure label={t('shiftUi.report.clashes')} testId="shift-report-clashes">
          {report.clashes === 0 ? (
            <Tag color="success" icon={<CheckCircleOutlined />} className="elective-tag" data-testid="shift-report-no-clash">
              {t('shiftUi.report.noClash')}
            </Tag>
          ) : (
            <Tag color="error" icon={<CloseCircleOutlined />} className="elective-tag">
              {t('shiftUi.report.clashCount', { count: report.clashes })}
            </Tag>
          )}
        </Figure>
        <Figure label={t('shiftUi.report.time')}>{t('shiftUi.report.seconds', { seconds: seconds(report.elapsedMs) })}</Figure>
      </div>
      {report.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('shiftUi.report.warnings', { count: report.warnings.length })}
          description={
            <ul className="shift-report-list">
              {report.warnings.map((warning, index) => (
                <li key={index}>{warning}</li>
              ))}
            </ul>
          }
          data-testid="shift-report-warnings"
        />
      )}
      {report.subjects.length > 0 && (
        <Table
          size="small"
          rowKey="name"
          dataSource={report.subjects}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('shiftUi.col.subject'), width: 160 },
            { key: 'students', dataIndex: 'students', title: t('shiftUi.report.students'), width: 100, align: 'right' },
            { key: 'classes', dataIndex: 'classes', title: t('shiftUi.col.classes'), width: 90, align: 'right' },
            { key: 'smallest', dataIndex: 'smallest', title: t('shiftUi.report.smallest'), width: 110, align: 'right' },
            { key: 'largest', dataIndex: 'largest', title: t('shiftUi.report.largest'), width: 110, align: 'right' },
          ]}
          data-testid="shift-report-subjects"
        />
      )}
      {report.unplaced.length > 0 && (
        <details open>
          <summary>{t('shiftUi.report.unplaced', { count: report.unplaced.length })}</summary>
          <Table
            size="small"
            rowKey="key"
            dataSource={report.unplaced.map((row, index) => ({ ...row, key: index }))}
            pagination={report.unplaced.length > 5 ? { pageSize: 5, size: 'small', showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'student', dataIndex: 'studentName', title: t('shiftUi.col.student'), width: 140 },
              { key: 'reason', dataIndex: 'reason', title: t('shiftUi.report.reason') },
            ]}
            data-testid="shift-report-unplaced"
          />
        </details>
      )}
    </div>
  );
}
