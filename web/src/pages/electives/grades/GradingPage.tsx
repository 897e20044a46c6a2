import { useState } from 'react';
import { Alert, Button, Empty, Input, InputNumber, Result, Select, Spin, Table, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ELECTIVE_GRADE_COMMENT_MAX, ELECTIVE_URLS, gradesSaveSchema, type GradeSheet } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { electiveKeys, fetchGradeSheet, saveGrades } from '../../../api/electives.ts';
import { feedback } from '../../../app/feedback.ts';
import { t as translate } from '../../../i18n/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { refusalOf } from '../common/parts.tsx';

type SheetRow = GradeSheet['rows'][number];
/** What was typed for a student and not saved yet. */
export type Edits = Record<number, { score?: number | null; comment?: string }>;

/** The body of grades/save: every student of the sheet with what was typed over what was saved. */
export function gradesBody(sessionId: number, rows: readonly SheetRow[], edits: Edits) {
  return {
    sessionId,
    grades: rows.map((row) => {
      const edit = edits[row.studentId];
      return {
        studentId: row.studentId,
        score: edit && 'score' in edit ? (edit.score ?? null) : row.score,
        comment: (edit?.comment ?? row.comment ?? '').trim(),
      };
    }),
  };
}

/**
 * /xxkxsgl/xsdf, Student scores: a teacher scores the students of their elective courses (0 to 100 in steps of
 * 0.5) with a comment, the whole course saved at once. The office may score any course. A course of an ended
 * term is only read.
 */
export default function GradingPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const [sessionId, setSessionId] = useState<number | undefined>();
  const sheet = useQuery({
    queryKey: electiveKeys.sheet(sessionId),
    queryFn: ({ signal }) => fetchGradeSheet(sessionId, signal),
    placeholderData: keepPreviousData,
  });
  const [edits, setEdits] = useState<Edits>({});
  const dirty = Object.keys(edits).length > 0;

  const switchTo = (next: number) => {
    if (!dirty) {
      setSessionId(next);
      return;
    }
    feedback().modal.confirm({
      title: t('electiveGrades.discardTitle'),
      content: t('electiveGrades.discardConfirm'),
      okText: t('electiveGrades.discard'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'elective-grades-discard-ok' } as ButtonProps,
      onOk: () => {
        setEdits({});
        setSessionId(next);
      },
    });
  };

  let body;
  if (sheet.isPending) {
    body = (
      <div className="elective-loading">
        <Spin />
      </div>
    );
  } else if (sheet.isError && !sheet.data) {
    body = <Result status="warning" title={t('electiveGrades.loadFailed')} subTitle={refusalOf(sheet.error)} />;
  } else if (!sheet.data.sessions.length || !sheet.data.sessionId) {
    body = <Empty description={t('electiveGrades.noCourses')} data-testid="elective-grades-empty" />;
  } else {
    body = <Sheet sheet={sheet.data} edits={edits} setEdits={setEdits} phone={phone} loading={sheet.isFetching} />;
  }

  const data = sheet.data;
  return (
    <div className="elective-stats" data-testid="elective-grades-page">
      <div className="elective-bar">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('electiveUi.backToEvaluation')}
          title={t('electiveUi.backToEvaluation')}
          onClick={() => void navigate(ELECTIVE_URLS.evaluate)}
          data-testid="elective-grades-back"
        />
        <span className="elective-stats-title">{routeTitle(route, i18n.language)}</span>
        {data && data.sessions.length > 0 && (
          <Select
            value={data.sessionId ?? undefined}
            onChange={switchTo}
            options={data.sessions.map((session) => ({
              value: session.sessionId,
              label: [session.name, session.teacherName, session.termName].filter(Boolean).join(' · '),
            }))}
            className="elective-course-select"
            aria-label={t('electiveGrades.course')}
            data-testid="elective-grades-course"
          />
        )}
      </div>
      {body}
    </div>
  );
}

interface SheetProps {
  sheet: GradeSheet;
  edits: Edits;
  setEdits: (update: (edits: Edits) => Edits) => void;
  phone: boolean;
  loading: boolean;
}

function Sheet({ sheet, edits, setEdits, phone, loading }: SheetProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const sessionId = sheet.sessionId!;
  const editable = sheet.editable;
  const dirty = Object.keys(edits).length > 0;

  const edit = (studentId: number, change: { score?: number | null; comment?: string }) => setEdits((current) => ({ ...current, [studentId]: { ...current[studentId], ...change } }));
  const scoreOf = (row: SheetRow) => {
    const mine = edits[row.studentId];
    return mine && 'score' in mine ? (mine.score ?? null) : row.score;
  };

  const save = async () => {
    const body = gradesBody(sessionId, sheet.rows, edits);
    const checked = gradesSaveSchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const row = typeof issue?.path[1] === 'number' ? sheet.rows[issue.path[1]] : undefined;
      const message = translate(issue?.message ?? 'errors.badRequest');
      setProblem(row ? t('electiveGrades.rowProblem', { name: row.name, message }) : message);
      return;
    }
    setProblem('');
    setSaving(true);
    try {
      const msg = await saveGrades(body);
      feedback().message.success(msg || t('elective.gradesSaved', { count: body.grades.length }));
      setEdits(() => ({}));
      await queryClient.invalidateQueries({ queryKey: ['electives', 'sheet'] });
    } catch (error) {
      // Kept on the page as well: what was typed stays, to be put right and saved again.
      setProblem(refusalOf(error));
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<SheetRow> = [
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('electiveUi.studentNumber'), width: 120 },
    { key: 'name', dataIndex: 'name', title: t('electiveUi.studentName'), width: 100, fixed: phone ? undefined : 'left' },
    { key: 'className', dataIndex: 'className', title: t('electiveUi.className'), width: 120 },
    {
      key: 'score',
      title: t('electiveGrades.score'),
      width: 130,
      render: (_: unknown, row) =>
        editable ? (
          <InputNumber
            min={0}
            max={100}
            step={0.5}
            value={scoreOf(row)}
            onChange={(value) => edit(row.studentId, { score: typeof value === 'number' ? value : null })}
            aria-label={t('electiveGrades.scoreOf', { name: row.name })}
            style={{ width: '100%' }}
            data-testid={`elective-grade-score-${row.studentId}`}
          />
        ) : (
          (scoreOf(row) ?? '—')
        ),
    },
    {
      key: 'comment',
      title: t('electiveGrades.comment'),
      width: 260,
      render: (_: unknown, row) =>
        editable ? (
          <Input
            value={edits[row.studentId]?.comment ?? row.comment}
            onChange={(event) => edit(row.studentId, { comment: event.target.value })}
            maxLength={ELECTIVE_GRADE_COMMENT_MAX}
            aria-label={t('electiveGrades.commentOf', { name: row.name })}
            data-testid={`elective-grade-comment-${row.studentId}`}
          />
        ) : (
          row.comment || '—'
        ),
    },
    { key: 'gradedAt', dataIndex: 'gradedAt', title: t('electiveGrades.gradedAt'), width: 150, render: (value: string) => value || '—' },
  ];

  const scored = sheet.rows.filter((row) => scoreOf(row) !== null).length;
  return (
    <>
      {!editable && <Alert type="info" showIcon title={t('elective.termEnded')} data-testid="elective-grades-readonly" />}
      <div className="elective-bar">
        <Typography.Text type="secondary" data-testid="elective-grades-count">
          {t('electiveGrades.scoredOf', { scored, total: sheet.rows.length })}
        </Typography.Text>
        <span className="elective-bar-spacer" />
        {editable && dirty && <Typography.Text type="warning">{t('electiveGrades.unsaved')}</Typography.Text>}
        {editable && (
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!sheet.rows.length} onClick={() => void save()} data-testid="elective-grades-save">
            {t('manage.save')}
          </Button>
        )}
      </div>
      {problem && <Alert type="error" showIcon closable={{ onClose: () => setProblem('') }} title={problem} data-testid="elective-grades-problem" />}
      <Table<SheetRow>
        size="small"
        rowKey="studentId"
        loading={loading}
        dataSource={sheet.rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('electiveGrades.noStudents') }}
        data-testid="elective-grades-table"
      />
    </>
  );
}
