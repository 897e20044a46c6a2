import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Modal, Select, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ShiftBatchRow, ShiftClassRow, ShiftClassStudent } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { fetchClassStudents, fetchClasses, moveStudent, shiftKeys } from '../../../api/shiftClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { subjectOf } from './ClassesPage.tsx';
import { BatchPage, BlockTag, genderText, idParam, refusalText } from './parts.tsx';

/** The choice of the list: a class, or the students still without a class of one of their subjects. */
const WITHOUT_CLASS = 0;

/**
 * /zbgl/bjxsgl?batchId=[&shiftClassId=], class students: a class's students (or those without a class of one of
 * their subjects) and their move into another class of the subject, refused when it is full or clashes.
 */
export default function ClassStudentsPage(props: PageProps) {
  return (
    <BatchPage {...props} page="classStudents">
      {(batch) => <ClassStudents batch={batch} />}
    </BatchPage>
  );
}

/** A class as an option: its name, block and size against the largest. */
function useClassLabel(batch: ShiftBatchRow) {
  const { t } = useTranslation();
  return (row: ShiftClassRow) => t('shiftUi.classStudents.option', { name: row.name, block: row.block, size: row.size, max: batch.maxClassSize });
}

/** Classes grouped by subject, as a Select's option groups. */
function groupedOptions(rows: readonly ShiftClassRow[], label: (row: ShiftClassRow) => string) {
  const groups = new Map<number, { label: string; options: { value: number; label: string }[] }>();
  for (const row of rows) {
    const group = groups.get(row.batchCourseId) ?? { label: subjectOf(row), options: [] };
    group.options.push({ value: row.id, label: label(row) });
    groups.set(row.batchCourseId, group);
  }
  return [...groups.values()];
}

function ClassStudents({ batch }: { batch: ShiftBatchRow }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const classes = useQuery({ queryKey: shiftKeys.classes(batch.id), queryFn: ({ signal }) => fetchClasses(batch.id, signal) });
  const rows = useMemo(() => classes.data ?? [], [classes.data]);
  const asked = idParam(params, 'shiftClassId');
  const label = useClassLabel(batch);
  // The class of the address (when it is one of the batch's), else the first class; 'without a class' is chosen by hand.
  const [choice, setChoice] = useState<number | null>(null);
  const known = asked !== null && rows.some((row) => row.id === asked) ? asked : null;
  const selected = choice ?? known ?? rows[0]?.id ?? null;
  const current = rows.find((row) => row.id === selected);

  const choose = (value: number) => {
    setChoice(value);
    const next = new URLSearchParams(params);
    if (value) next.set('shiftClassId', String(value));
    else next.delete('shiftClassId');
    setParams(next, { replace: true });
  };

  if (classes.isPending) {
    return (
      <div className="elective-loading">
        <Spin />
      </div>
    );
  }
  if (!rows.length) return <Alert type="info" showIcon title={t('shift.notFormed')} data-testid="shift-class-students-none" />;

  return (
    <div className="shift-panel" data-testid="shift-class-students">
      <div className="shift-bar">
        <span className="shift-panel-title">{t('shiftUi.classStudents.class')}</span>
        <Select<number>
          value={selected ?? undefined}
          onChange={choose}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ label: t('shiftUi.classStudents.other'), options: [{ value: WITHOUT_CLASS, label: t('shiftUi.classStudents.withoutClass') }] }, ...groupedOptions(rows, label)]}
          style={{ width: 320, maxWidth: '100%' }}
          data-testid="shift-class-students-select"
        />
        {current && (
          <>
            <BlockTag block={current.block} />
            <Typography.Text type="secondary" className="elective-small">
              {t('shiftUi.classStudents.summary', { teacher: current.teacherName || '—', room: current.classroomName || '—', size: current.size, max: batch.maxClassSize })}
            </Typography.Text>
          </>
        )}
        {selected === WITHOUT_CLASS && (
          <Typography.Text type="secondary" className="elective-small">
            {t('shiftUi.classStudents.withoutClassHint')}
          </Typography.Text>
        )}
      </div>
      {selected !== null && <StudentTable key={selected} batch={batch} classId={selected} current={current ?? null} classes={rows} />}
    </div>
  );
}

function StudentTable({ batch, classId, current, classes }: { batch: ShiftBatchRow; classId: number; current: ShiftClassRow | null; classes: ShiftClassRow[] }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const students = useQuery({ queryKey: shiftKeys.classStudents(batch.id, classId), queryFn: ({ signal }) => fetchClassStudents(batch.id, classId, signal) });
  const [moving, setMoving] = useState<ShiftClassStudent | null>(null);

  const columns: TableColumnsType<ShiftClassStudent> = [
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('shiftUi.col.studentNumber'), width: 120 },
    { key: 'name', dataIndex: 'name', title: t('shiftUi.col.student'), width: 110, render: (name: string) => <span className="elective-strong">{name}</span> },
    { key: 'gender', dataIndex: 'gender', title: t('shiftUi.col.gender'), width: 70, render: (code: string) => genderText(t, code) },
    { key: 'className', dataIndex: 'className', title: t('shiftUi.col.adminClass'), width: 120 },
    { key: 'score', dataIndex: 'score', title: t('shiftUi.col.score'), width: 90, align: 'right', render: (score: number | null) => (score === null ? '—' : score) },
    {
      key: 'actions',
      title: t('manage.actions'),
      width: english ? 110 : 90,
      render: (_: unknown, row) => (
        <Button type="link" size="small" icon={<SwapOutlined />} onClick={() => setMoving(row)} data-testid={`shift-move-${row.studentId}`}>
          {t('shiftUi.classStudents.move')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Table<ShiftClassStudent>
        size="middle"
        rowKey="studentId"
        loading={students.isFetching}
        dataSource={students.data ?? []}
        columns={columns}
        pagination={(students.data?.length ?? 0) > 60 ? { pageSize: 60, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t(classId ? 'shiftUi.classStudents.empty' : 'shiftUi.classStudents.allPlaced')} /> }}
        data-testid="shift-class-students-table"
      />
      <MoveDialog batch={batch} student={moving} from={current} classes={classes} onClose={() => setMoving(null)} />
    </>
  );
}

/**
 * Moves a student into another class of the subject (from a class), or places one without a class into a class
 * of a subject they chose; the server's refusal (full, a time clash) shows in the dialog.
 */
function MoveDialog({ batch, student, from, classes, onClose }: { batch: ShiftBatchRow; student: ShiftClassStudent | null; from: ShiftClassRow | null; classes: ShiftClassRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const label = useClassLabel(batch);
  const [target, setTarget] = useState<number | undefined>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<ShiftClassStudent | null>(null);
  if (student !== shown) {
    setShown(student);
    setTarget(undefined);
    setError('');
  }
  const candidates = from ? classes.filter((row) => row.batchCourseId === from.batchCourseId && row.id !== from.id) : classes;

  const move = async () => {
    if (!student || !target) return;
    setBusy(true);
    setError('');
    try {
      const msg = await moveStudent({ batchId: batch.id, studentId: student.studentId, fromClassId: from?.id ?? 0, toClassId: target });
      feedback().message.success(msg || t('shift.moved'));
      void client.invalidateQueries({ queryKey: shiftKeys.batch(batch.id) });
      onClose();
    } catch (failure) {
      setError(refusalText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!student}
      title={student ? t('shiftUi.classStudents.moveTitle', { name: student.name }) : ''}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="shift-move-cancel">
          {t('manage.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} disabled={!target} onClick={() => void move()} data-testid="shift-move-ok">
          {t('shiftUi.classStudents.move')}
        </Button>,
      ]}
    >
      <div className="shift-page" data-testid="shift-move-dialog">
        <Typography.Text>{from ? t('shiftUi.classStudents.moveFrom', { name: label(from) }) : t('shiftUi.classStudents.placeHint')}</Typography.Text>
        <Select<number>
          value={target}
          onChange={(value) => {
            setTarget(value);
            setError('');
          }}
          options={from ? candidates.map((row) => ({ value: row.id, label: label(row) })) : groupedOptions(candidates, label)}
          placeholder={t('shiftUi.classStudents.target')}
          notFoundContent={t('shiftUi.classStudents.noTarget')}
          style={{ width: '100%' }}
          data-testid="shift-move-target"
        />
        {error && <Alert type="error" showIcon title={error} data-testid="shift-move-error" />}
      </div>
    </Modal>
  );
}
