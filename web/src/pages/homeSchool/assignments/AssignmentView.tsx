import { useState, type Key } from 'react';
import { Button, Divider, Input, Result, Segmented, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { BellOutlined, CheckOutlined, EditOutlined, IdcardOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HOMEWORK_STATUSES, type AssignmentDetail, type HomeworkStatus, type HomeworkWorkRow } from '@campus/contract';
import { ASSIGNMENT_CALLS, fetchAssignment, remindMissing } from '../../../api/homework.ts';
import { feedback } from '../../../app/feedback.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { RichTextView } from '../../../components/RichText/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { StudentDialog } from '../../../components/StudentDialog/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../common/NoticeBody.tsx';
import { TargetsSummary } from './AssignmentForm.tsx';
import {
  assignmentKey,
  AssignmentFlags,
  AttachedFiles,
  canApprove,
  canAskRevision,
  canCorrect,
  HomeworkStatusTag,
  LateTag,
  ProgressFigures,
  scoreText,
  workKey,
} from './AssignmentParts.tsx';
import { WorkActionDialog, type WorkAction, type WorkActionKind } from './WorkDialogs.tsx';
import { WorkPanel } from './WorkPanel.tsx';

/** The works filter: everyone, the quick groups of the teacher's day, or one status. */
type WorkFilter = '' | 'missing' | 'waiting' | 'late' | HomeworkStatus;
const QUICK_FILTERS = ['', 'missing', 'waiting', 'late'] as const;
type QuickFilter = (typeof QUICK_FILTERS)[number];
const isQuick = (filter: WorkFilter): filter is QuickFilter => (QUICK_FILTERS as readonly string[]).includes(filter);

export interface AssignmentViewProps {
  /** The assignment shown, or null when closed. */
  id: number | null;
  /** The student whose work is open (a message's link may name one). */
  studentId: number | null;
  onStudent: (studentId: number | null) => void;
  /** Whether the caller may correct, ask for revisions, approve and remind (`homeSchool:assignment:edit`). */
  canAct: boolean;
  onClose: () => void;
  /** Anything changed the list's progress. */
  onChanged: () => void;
}

/**
 * An assignment as its teacher follows it: the text and files as the students see them, the progress, and
 * the students' work with filters, opening, correcting, revisions (one by one or the ticked ones) and a
 * reminder to the parents of those who have not handed it in.
 */
export function AssignmentView({ id, studentId, onStudent, canAct, onClose, onChanged }: AssignmentViewProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <SidePanel open={id !== null} onClose={onClose} title={t('assignments.viewTitle')} width={phone ? '100%' : 1040}>
      {id !== null && <LoadedAssignment key={id} id={id} studentId={studentId} onStudent={onStudent} canAct={canAct} onChanged={onChanged} />}
    </SidePanel>
  );
}

function LoadedAssignment({ id, studentId, onStudent, canAct, onChanged }: Omit<AssignmentViewProps, 'id' | 'onClose'> & { id: number }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: assignmentKey(id), queryFn: ({ signal }) => fetchAssignment(id, signal), gcTime: 0 });
  const detail = query.data;
  if (query.isError) return <Result status="warning" title={t('assignments.notFound')} />;
  if (!detail) return <Spin className="assignment-loading" />;
  return (
    <div className="assignment-view" data-testid="assignment-view" data-id={detail.id}>
      <Typography.Title level={4} className="assignment-view-title assignment-data">
        {detail.title}
      </Typography.Title>
      <div className="assignment-meta">
        <span className="assignment-data">{detail.publisherName}</span>
        <span>{t('assignments.createdAtValue', { time: noticeTime(detail.createdAt) })}</span>
        <span data-testid="assignment-view-end">
          {t('assignments.endAtValue', { time: noticeTime(detail.endAt) })}
          {detail.ended && (
            <Tag color="default" className="assignment-ended">
              {t('assignments.ended')}
            </Tag>
          )}
        </span>
        <AssignmentFlags row={detail} />
      </div>
      <TargetsSummary detail={detail} />
      <RichTextView html={detail.content} className="assignment-content" data-testid="assignment-view-content" />
      <AttachedFiles attachments={detail.attachments} />
      <Divider titlePlacement="start">{t('assignments.works')}</Divider>
      <Works detail={detail} studentId={studentId} onStudent={onStudent} canAct={canAct} onChanged={onChanged} />
    </div>
  );
}

function Works({ detail, studentId, onStudent, canAct, onChanged }: { detail: AssignmentDetail } & Pick<AssignmentViewProps, 'studentId' | 'onStudent' | 'canAct' | 'onChanged'>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const table = usePagedTable<HomeworkWorkRow>();
  const [filter, setFilter] = useState<WorkFilter>('');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<HomeworkWorkRow[]>([]);
  const [action, setAction] = useState<WorkAction | null>(null);
  const [reminding, setReminding] = useState(false);
  const [profile, setProfile] = useState<{ zh: string; name: string } | null>(null);
  const { progress, onlineSubmission, needsRevision } = detail;
  const acting = canAct && onlineSubmission;

  const search = (next: { status?: WorkFilter; keyword?: string }) => {
    setSelected([]);
    table.current?.search({ status: filter, keyword: keyword.trim(), ...next });
  };

  /** After any change: the works, the counts and the opened work, and the page's list. */
  const refresh = (withWork: boolean) => {
    table.current?.reload();
    void client.invalidateQueries({ queryKey: assignmentKey(detail.id) });
    if (withWork) void client.invalidateQueries({ queryKey: workKey(detail.id) });
    onChanged();
  };

  const start = (kind: WorkActionKind, rows: WorkAction['students']) => {
    const allowed = rows.filter((row) => (kind === 'correct' ? canCorrect(row.status) : kind === 'approve' ? canApprove(row.status) : canAskRevision(row.status, needsRevision)));
    if (allowed.length === 0) {
      feedback().message.warning(t('assignments.noneAllowed'));
      return;
    }
    setAction({ kind, students: allowed, skipped: rows.length - allowed.length });
  };

  const remind = async () => {
    setReminding(true);
    try {
      feedback().message.success((await remindMissing(detail.id)) || t('assignments.reminded'));
      void client.invalidateQueries({ queryKey: assignmentKey(detail.id) });
    } catch {
      // The request client has shown why (too soon, everyone has handed it in).
    } finally {
      setReminding(false);
    }
  };

  const counted = (label: string, count: number) => (count > 0 ? `${label} (${count})` : label);
  const quickLabels: Record<QuickFilter, string> = {
    '': t('assignments.filter.all'),
    missing: counted(t('assignments.filter.missing'), progress.missing),
    waiting: counted(t('assignments.filter.waiting'), progress.waiting),
    late: counted(t('assignments.filter.late'), progress.late),
  };
  const statusOptions = HOMEWORK_STATUSES.filter((status) => (onlineSubmission ? status !== 'no_submission' : status === 'no_submission')).map((value) => ({
    value,
    label: t(`homework.status.${value}`),
  }));

  const columns: PagedColumn<HomeworkWorkRow>[] = [
    {
      key: 'student',
      title: t('assignments.student'),
      width: 170,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" className="assignment-link assignment-data" onClick={() => onStudent(row.studentId)} data-testid={`work-student-${row.studentId}`}>
            {row.studentName} · {row.studentNumber}
          </Button>
          {/* Any teacher who set the homework may look the student up, not only the class teacher. */}
          <Tooltip title={t('assignments.studentProfile')}>
            <Button
              type="text"
              size="small"
              icon={<IdcardOutlined />}
              aria-label={t('assignments.studentProfile')}
              onClick={() => setProfile({ zh: row.studentAccount, name: row.studentName })}
              data-testid={`work-profile-${row.studentId}`}
            />
          </Tooltip>
        </Space>
      ),
    },
    { key: 'className', dataIndex: 'className', title: t('assignments.class'), width: 120, render: (value: string) => <span className="assignment-data">{value}</span> },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('assignments.status'),
      width: 150,
      render: (value: HomeworkStatus, row) => (
        <Space size={4} wrap data-testid={`work-status-${row.studentId}`}>
          <HomeworkStatusTag status={value} />
          {row.late && <LateTag />}
        </Space>
      ),
    },
    { key: 'submittedAt', dataIndex: 'submittedAt', title: t('assignments.submittedAt'), width: 140, render: (value: string | null) => noticeTime(value) || '-' },
    ...(needsRevision ? [{ key: 'revisedAt', dataIndex: 'revisedAt', title: t('assignments.revisedAt'), width: 140, render: (value: string | null) => noticeTime(value) || '-' }] : []),
    ...(detail.graded
      ? [{ key: 'score', title: t('assignments.scoreOrGrade'), width: 100, render: (_: unknown, row: HomeworkWorkRow) => <span data-testid={`work-score-${row.studentId}`}>{scoreText(row.score, row.grade)}</span> }]
      : []),
    {
      key: 'comment',
      dataIndex: 'comment',
      title: t('assignments.comment'),
      width: 180,
      render: (value: string) => (value ? <div className="assignment-cell-text assignment-data">{value}</div> : '-'),
    },
    {
      key: '__actions',
      title: t('manage.actions'),
      fixed: 'right',
      width: 220,
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onStudent(row.studentId)} data-testid={`work-open-${row.studentId}`}>
            {t('assignments.open')}
          </Button>
          {acting && canCorrect(row.status) && (
            <Button type="link" size="small" onClick={() => start('correct', [row])} data-testid={`work-correct-${row.studentId}`}>
              {t(row.status === 'corrected' ? 'assignments.recorrect' : 'assignments.correct')}
            </Button>
          )}
          {acting && canApprove(row.status) && (
            <Button type="link" size="small" onClick={() => start('approve', [row])} data-testid={`work-approve-${row.studentId}`}>
              {t('assignments.approve')}
            </Button>
          )}
          {acting && canAskRevision(row.status, needsRevision) && (
            <Button type="link" size="small" onClick={() => start('revise', [row])} data-testid={`work-revise-${row.studentId}`}>
              {t('assignments.askRevision')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const bulk = (kind: WorkActionKind) => selected.filter((row) => (kind === 'correct' ? canCorrect(row.status) : kind === 'approve' ? canApprove(row.status) : canAskRevision(row.status, needsRevision))).length;

  return (
    <div className="assignment-works" data-testid="assignment-works">
      <ProgressFigures progress={progress} onlineSubmission={onlineSubmission} />
      {acting && (
        <div className="assignment-remind">
          <Tooltip title={progress.missing === 0 ? t('homework.remindNobody') : t('assignments.remindHint')}>
            <Button icon={<BellOutlined />} loading={reminding} disabled={progress.missing === 0} onClick={() => void remind()} data-testid="assignment-remind">
              {t('assignments.remind', { count: progress.missing })}
            </Button>
          </Tooltip>
          {detail.lastRemindedAt && (
            <Typography.Text type="secondary" data-testid="assignment-last-reminded">
              {t('assignments.lastReminded', { time: noticeTime(detail.lastRemindedAt) })}
            </Typography.Text>
          )}
        </div>
      )}
      <Space wrap className="assignment-works-filters">
        {onlineSubmission && (
          <Segmented<string>
            value={isQuick(filter) ? filter : 'status'}
            onChange={(value) => {
              const next = value as QuickFilter;
              setFilter(next);
              search({ status: next });
            }}
            options={QUICK_FILTERS.map((value) => ({ value, label: <span data-testid={`works-filter-${value || 'all'}`}>{quickLabels[value]}</span> }))}
          />
        )}
        {onlineSubmission && (
          <Select<HomeworkStatus>
            allowClear
            value={isQuick(filter) ? undefined : filter}
            onChange={(value) => {
              const next: WorkFilter = value ?? '';
              setFilter(next);
              search({ status: next });
            }}
            options={statusOptions}
            placeholder={t('assignments.statusFilter')}
            style={{ width: 160 }}
            data-testid="works-filter-status"
          />
        )}
        <Input.Search
          allowClear
          value={keyword}
          maxLength={50}
          placeholder={t('assignments.keywordHint')}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => search({ keyword: value.trim() })}
          style={{ width: 220, maxWidth: '100%' }}
          data-testid="works-keyword"
        />
      </Space>
      {acting && (
        <Space wrap className="assignment-bulk" data-testid="assignment-bulk">
          <Typography.Text type="secondary">{t('assignments.selectedCount', { count: selected.length })}</Typography.Text>
          <Button icon={<EditOutlined />} disabled={bulk('correct') === 0} onClick={() => start('correct', selected)} data-testid="bulk-correct">
            {t('assignments.bulkCorrect', { count: bulk('correct') })}
          </Button>
          {needsRevision && (
            <Button icon={<RollbackOutlined />} disabled={bulk('revise') === 0} onClick={() => start('revise', selected)} data-testid="bulk-revise">
              {t('assignments.bulkRevise', { count: bulk('revise') })}
            </Button>
          )}
          {needsRevision && (
            <Button icon={<CheckOutlined />} disabled={bulk('approve') === 0} onClick={() => start('approve', selected)} data-testid="bulk-approve">
              {t('assignments.bulkApprove', { count: bulk('approve') })}
            </Button>
          )}
        </Space>
      )}
      <PagedTable<HomeworkWorkRow>
        ref={table}
        url={ASSIGNMENT_CALLS.works}
        extraBody={{ id: detail.id }}
        rowKey="studentId"
        columns={columns}
        defaultSearch={{ status: '', keyword: '' }}
        scroll={{ x: 'max-content' }}
        size="small"
        rowSelection={
          acting
            ? {
                selectedRowKeys: selected.map((row) => row.studentId as Key),
                onChange: (_keys, rows) => setSelected(rows),
                preserveSelectedRowKeys: false,
              }
            : undefined
        }
        onLoaded={(answer) => setSelected((rows) => answer.rows.filter((row) => rows.some((other) => other.studentId === row.studentId)))}
        data-testid="works-table"
      />
      <WorkPanel
        assignment={detail}
        studentId={studentId}
        canAct={acting}
        onClose={() => onStudent(null)}
        onOpened={() => refresh(false)}
        onAction={(kind, work) => start(kind, [work])}
      />
      <WorkActionDialog
        assignmentId={detail.id}
        graded={detail.graded}
        action={action}
        onClose={() => setAction(null)}
        onDone={() => {
          setSelected([]);
          refresh(true);
        }}
      />
      {profile && <StudentDialog open zh={profile.zh} name={profile.name} onClose={() => setProfile(null)} />}
    </div>
  );
}
