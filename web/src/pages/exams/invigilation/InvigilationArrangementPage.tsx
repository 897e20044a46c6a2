import { useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Empty, Result, Select, Space, Spin, Table, Tabs, Tag, Tooltip, type ButtonProps, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, EditOutlined, SettingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INVIGILATION_URL, type ExamArrangementRow, type InvigilationSessionRow, type InvigilatorLoad } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { INVIGILATION_PERMISSION } from '../../../api/exams.ts';
import { feedback } from '../../../app/feedback.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import {
  arrangeInvigilation,
  exportInvigilatorLoads,
  fetchExamArrangement,
  fetchInvigilationSessions,
  fetchInvigilationSettings,
  fetchInvigilatorLoads,
  invigilationKey,
  MINE_KEY,
} from './invigilationApi.ts';
import { AssignedProgress, arrangeable, formatHours, InvigilatorTags, sittingTime, useRoomLabel } from './InvigilationParts.tsx';
import { InvigilationAssignDialog } from './InvigilationAssignDialog.tsx';
import { InvigilationSettingsDialog } from './InvigilationSettingsDialog.tsx';
import './invigilation.css';

type TabKey = 'sessions' | 'hours';

/** The exam's id from `?batchId=`; null when missing or not a whole positive number. */
export function batchIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get('batchId'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A sitting: one subject at one time, held in every room. */
const sittingKey = (row: InvigilationSessionRow) => `${row.examDate}|${row.startTime}|${row.endTime}|${row.courseId}`;

/** The sessions in time, subject and room order, with how many rows each sitting spans (on its first row). */
export function groupSessions(rows: readonly InvigilationSessionRow[]): (InvigilationSessionRow & { span: number })[] {
  const sorted = [...rows].sort(
    (a, b) =>
      a.examDate.localeCompare(b.examDate) ||
      a.startTime.localeCompare(b.startTime) ||
      a.courseName.localeCompare(b.courseName) ||
      (a.roomNumber ?? Number.MAX_SAFE_INTEGER) - (b.roomNumber ?? Number.MAX_SAFE_INTEGER) ||
      a.id - b.id,
  );
  return sorted.map((row, index) => {
    if (index > 0 && sittingKey(sorted[index - 1]!) === sittingKey(row)) return { ...row, span: 0 };
    let span = 1;
    while (index + span < sorted.length && sittingKey(sorted[index + span]!) === sittingKey(row)) span++;
    return { ...row, span };
  });
}

/** Chiefs and assistants in the room (patrols walk the floor and do not count). */
const inRoom = (row: InvigilationSessionRow) => row.invigilators.filter((person) => person.role !== 'patrol').length;

/**
 * /kwapjt/pk?batchId=, one exam's invigilation: its summary, the settings (pool, rules, unavailable times),
 * the automatic arrangement, each session's invigilators changed by hand, and every pool member's sessions and
 * hours per role. The office arranges an exam neither published nor ended; others only look.
 */
export default function InvigilationArrangementPage(_props: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const batchId = batchIdOf(params);
  const exam = useQuery({
    queryKey: [...invigilationKey(batchId ?? 0), 'exam'],
    queryFn: ({ signal }) => fetchExamArrangement(batchId!, signal),
    enabled: batchId !== null,
  });
  const back = () => void navigate(INVIGILATION_URL);

  if (batchId === null || exam.isError) {
    return (
      <Result
        status="warning"
        title={t('invigilationPage.noExam')}
        extra={
          <Button type="primary" onClick={back} data-testid="invigilation-back">
            {t('invigilationPage.back')}
          </Button>
        }
        data-testid="invigilation-no-exam"
      />
    );
  }
  if (exam.isPending) {
    return (
      <div className="invigilation-loading">
        <Spin />
      </div>
    );
  }
  return <Arrangement batchId={batchId} exam={exam.data} onBack={back} />;
}

function Arrangement({ batchId, exam, onBack }: { batchId: number; exam: ExamArrangementRow; onBack: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const client = useQueryClient();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: [`${INVIGILATION_PERMISSION}:edit`] });
  const editable = canEdit && arrangeable(exam);
  const roomLabel = useRoomLabel();
  const key = invigilationKey(batchId);
  const settings = useQuery({ queryKey: [...key, 'settings'], queryFn: ({ signal }) => fetchInvigilationSettings(batchId, signal) });
  const sessions = useQuery({ queryKey: [...key, 'sessions'], queryFn: ({ signal }) => fetchInvigilationSessions(batchId, signal) });
  const loads = useQuery({ queryKey: [...key, 'loads'], queryFn: ({ signal }) => fetchInvigilatorLoads(batchId, signal) });
  const [tab, setTab] = useState<TabKey>('sessions');
  const [subject, setSubject] = useState<number | undefined>();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [changing, setChanging] = useState<InvigilationSessionRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const all = useMemo(() => sessions.data ?? [], [sessions.data]);
  const subjects = useMemo(() => [...new Map(all.map((row) => [row.courseId, row.courseName])).entries()], [all]);
  const rows = useMemo(() => groupSessions(subject === undefined ? all : all.filter((row) => row.courseId === subject)), [all, subject]);
  const short = all.reduce((sum, row) => sum + Math.max(0, row.needed - inRoom(row)), 0);

  /** After a change: the exam's summary, sessions, settings and loads, and the caller's own duties. */
  const refresh = () => {
    void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: MINE_KEY });
  };

  const confirmArrange = () => {
    feedback().modal.confirm({
      title: t('invigilationPage.arrangeTitle', { name: exam.name }),
      content: t('invigilationPage.arrangeConfirm'),
      okText: t('invigilationPage.arrangeAuto'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'invigilation-arrange-ok' } as ButtonProps,
      onOk: async () => {
        try {
          const result = await arrangeInvigilation(batchId);
          const msg = result.msg || t('invigilation.arranged', { assigned: result.assigned });
          if (result.unfilled > 0) feedback().message.warning(msg);
          else feedback().message.success(msg);
          refresh();
        } catch {
          // The request client has shown the server's message (no pool, no rooms, published).
        }
      },
    });
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await exportInvigilatorLoads(batchId, `${t('invigilation.exportName')}-${exam.name}`);
    } catch {
      // The request client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const sessionColumns: TableColumnsType<(typeof rows)[number]> = [
    {
      key: 'sitting',
      title: t('invigilationPage.col.sitting'),
      width: 170,
      onCell: (row) => ({ rowSpan: row.span }),
      render: (_: unknown, row) => (
        <div className="invigilation-sitting" data-testid={`invigilation-sitting-${row.id}`}>
          <span className="invigilation-sitting-subject">{row.courseName}</span>
          <span className="invigilation-muted invigilation-nowrap">{sittingTime(row)}</span>
        </div>
      ),
    },
    { key: 'room', title: t('invigilationPage.col.room'), width: 150, render: (_: unknown, row) => roomLabel(row.roomNumber, row.classroomName) },
    { key: 'candidates', dataIndex: 'candidates', title: t('invigilationPage.col.candidates'), width: 90, align: 'right' },
    {
      key: 'needed',
      title: t('invigilationPage.col.needed'),
      width: 110,
      render: (_: unknown, row) => {
        const missing = row.needed - inRoom(row);
        return (
          <Space size={4} className="invigilation-nowrap">
            <span>{row.needed}</span>
            {missing > 0 && (
              <Tag color="red" className="invigilation-tag" data-testid={`invigilation-missing-${row.id}`}>
                {t('invigilationPage.missing', { count: missing })}
              </Tag>
            )}
          </Space>
        );
      },
    },
    { key: 'invigilators', title: t('invigilationPage.col.invigilators'), width: 280, render: (_: unknown, row) => <InvigilatorTags invigilators={row.invigilators} testId={`invigilation-invigilators-${row.id}`} /> },
    ...(editable
      ? [
          {
            key: '__actions',
            title: t('manage.actions'),
            fixed: 'right' as const,
            width: phone ? 80 : 100,
            render: (_: unknown, row: InvigilationSessionRow) => (
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setChanging(row)} disabled={!settings.data} data-testid={`invigilation-change-${row.id}`}>
                {t('invigilationPage.change')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const roleNames = useMemo(() => [...new Set((loads.data ?? []).flatMap((load) => Object.keys(load.byRole)))], [loads.data]);
  const loadColumns: TableColumnsType<InvigilatorLoad> = [
    { key: 'staffNumber', dataIndex: 'staffNumber', title: t('invigilation.col.staffNumber'), width: 110 },
    { key: 'name', dataIndex: 'name', title: t('invigilation.col.name'), width: 110 },
    { key: 'sessions', dataIndex: 'sessions', title: t('invigilation.col.sessions'), width: 90, align: 'right', sorter: (a, b) => a.sessions - b.sessions },
    { key: 'hours', dataIndex: 'hours', title: t('invigilation.col.hours'), width: 90, align: 'right', sorter: (a, b) => a.hours - b.hours, render: (hours: number) => formatHours(hours) },
    ...roleNames.map((role) => ({
      key: `role-${role}`,
      title: t('invigilationPage.roleHoursColumn', { role }),
      width: 110,
      align: 'right' as const,
      render: (_: unknown, load: InvigilatorLoad) => formatHours(load.byRole[role] ?? 0),
    })),
  ];
  const balance = useMemo(() => {
    const hours = (loads.data ?? []).map((load) => load.hours);
    if (!hours.length) return null;
    return { count: hours.length, average: formatHours(hours.reduce((sum, value) => sum + value, 0) / hours.length), least: formatHours(Math.min(...hours)), most: formatHours(Math.max(...hours)) };
  }, [loads.data]);

  return (
    <div className="invigilation-page" data-testid="invigilation-arrangement">
      <div className="invigilation-head">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('invigilationPage.back')} title={t('invigilationPage.back')} data-testid="invigilation-back" />
        <span className="invigilation-title" data-testid="invigilation-exam-name">
          {exam.name}
        </span>
        <Tag color={exam.published ? 'green' : undefined} className="invigilation-tag">
          {exam.published ? t('invigilationPage.published') : t('invigilationPage.unpublished')}
        </Tag>
        {exam.ended && <Tag className="invigilation-tag">{t('invigilationPage.ended')}</Tag>}
      </div>

      {canEdit && exam.ended && <Alert type="info" showIcon title={t('exam.termEnded')} data-testid="invigilation-locked" />}
      {canEdit && !exam.ended && exam.published && <Alert type="info" showIcon title={t('invigilationPage.publishedLocked')} data-testid="invigilation-locked" />}
      {!exam.sessions && <Alert type="warning" showIcon title={t('invigilation.noSessions')} data-testid="invigilation-no-sessions" />}

      <Descriptions size="small" bordered column={phone ? 1 : { xs: 1, sm: 2, lg: 4 }} className="invigilation-summary" data-testid="invigilation-summary">
        <Descriptions.Item label={t('exam.col.term')}>{exam.termName}</Descriptions.Item>
        <Descriptions.Item label={t('exam.col.grade')}>{exam.gradeName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('exam.col.dates')}>{exam.firstDate ? (exam.firstDate === exam.lastDate ? exam.firstDate : `${exam.firstDate} ~ ${exam.lastDate}`) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('exam.col.subjects')}>{exam.subjectCount}</Descriptions.Item>
        <Descriptions.Item label={t('invigilationPage.col.rooms')}>{exam.rooms}</Descriptions.Item>
        <Descriptions.Item label={t('invigilationPage.col.candidates')}>{t('invigilationPage.placedOf', { placed: exam.placed, candidates: exam.candidates })}</Descriptions.Item>
        <Descriptions.Item label={t('invigilation.col.sessions')}>{exam.sessions}</Descriptions.Item>
        <Descriptions.Item label={t('invigilationPage.col.assigned')}>
          <AssignedProgress assigned={exam.invigilatorsAssigned} needed={exam.invigilatorsNeeded} testId="invigilation-summary-progress" />
        </Descriptions.Item>
      </Descriptions>

      <Space wrap className="invigilation-toolbar">
        <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} disabled={!settings.data} data-testid="invigilation-settings-open">
          {t('invigilationPage.settings')}
        </Button>
        {editable && (
          <Tooltip title={exam.sessions ? undefined : t('invigilation.noSessions')}>
            <Button type="primary" icon={<ThunderboltOutlined />} onClick={confirmArrange} disabled={!exam.sessions} data-testid="invigilation-arrange">
              {t('invigilationPage.arrangeAuto')}
            </Button>
          </Tooltip>
        )}
        {canEdit && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()} data-testid="invigilation-export">
            {t('invigilationPage.exportHours')}
          </Button>
        )}
        {settings.data && <span className="invigilation-muted">{t('invigilationPage.poolSize', { count: settings.data.staff.length })}</span>}
      </Space>

      <Tabs
        activeKey={tab}
        onChange={(next) => setTab(next as TabKey)}
        items={[
          {
            key: 'sessions',
            label: <span data-testid="invigilation-tab-sessions">{t('invigilationPage.tab.sessions')}</span>,
            children: (
              <div className="invigilation-sessions">
                <div className="invigilation-filter">
                  <Select<number>
                    allowClear
                    value={subject}
                    onChange={(value) => setSubject(value ?? undefined)}
                    placeholder={t('invigilationPage.allSubjects')}
                    options={subjects.map(([value, label]) => ({ value, label }))}
                    style={{ width: 180 }}
                    id="invigilation-subject"
                    data-testid="invigilation-subject"
                  />
                  {short > 0 && (
                    <Tag color="red" className="invigilation-tag" data-testid="invigilation-short">
                      {t('invigilationPage.shortTotal', { count: short })}
                    </Tag>
                  )}
                </div>
                <Table
                  rowKey="id"
                  size="middle"
                  bordered
                  loading={sessions.isPending}
                  columns={sessionColumns}
                  dataSource={rows}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: <Empty description={t('invigilation.noSessions')} /> }}
                  data-testid="invigilation-sessions"
                />
              </div>
            ),
          },
          {
            key: 'hours',
            label: <span data-testid="invigilation-tab-hours">{t('invigilationPage.tab.hours')}</span>,
            children: (
              <div className="invigilation-hours">
                {balance && (
                  <div className="invigilation-muted" data-testid="invigilation-balance">
                    {t('invigilationPage.balance', balance)}
                  </div>
                )}
                <Table<InvigilatorLoad>
                  rowKey="staffId"
                  size="middle"
                  loading={loads.isPending}
                  columns={loadColumns}
                  dataSource={loads.data ?? []}
                  pagination={(loads.data?.length ?? 0) > 50 ? { pageSize: 50, showSizeChanger: false } : false}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: <Empty description={t('invigilationPage.noLoads')} /> }}
                  data-testid="invigilation-loads"
                />
              </div>
            ),
          },
        ]}
      />

      {settingsOpen && settings.data && (
        <InvigilationSettingsDialog batchId={batchId} settings={settings.data} editable={editable} firstDate={exam.firstDate || undefined} onClose={() => setSettingsOpen(false)} onSaved={refresh} />
      )}
      {changing && settings.data && (
        <InvigilationAssignDialog
          session={changing}
          sessions={all}
          pool={settings.data.staff}
          unavailable={settings.data.unavailable}
          onClose={() => setChanging(null)}
          onSaved={refresh}
        />
      )}
    </div>
  );
}
