import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { Button, Empty, Input, InputNumber, Select, Space, Spin, Typography } from 'antd';
import { ClearOutlined, FilePdfOutlined, FileExcelOutlined, OrderedListOutlined, PrinterOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  SEATING_COLUMNS_MAX,
  SEATING_ROWS_MAX,
  placeStudent,
  unseatStudent,
  type HeadTeacherClass,
  type Seat,
  type SeatingChart,
  type SeatingStudent,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { feedback } from '../../../app/feedback.ts';
import { downloadSeating, fetchSeating, fetchSeatingVersions, headTeacherKeys, saveSeating } from '../api.ts';
import { ClassPage } from '../common/ClassPage.tsx';

/**
 * /bzrgzscgl/works/zwb seating chart: the class teacher arranges the seating chart by dragging — a student from the
 * unseated list onto a seat, a seated student onto another seat (the two swap), or back to the list. A click
 * on a student and then on a seat does the same without a mouse drag (keyboard and touch). Each save is a new
 * version; an older version can be looked at and taken as the start of a new arrangement.
 */
export default function SeatingPage({ route }: PageProps) {
  return (
    <ClassPage route={route} fromHub data-testid="ht-seating-page">
      {(cls) => <Seating key={cls.id} cls={cls} />}
    </ClassPage>
  );
}

interface Draft {
  rows: number;
  columns: number;
  seats: Seat[];
  note: string;
}

const fromChart = (chart: SeatingChart): Draft => ({ rows: chart.rows, columns: chart.columns, seats: chart.seats, note: chart.note });
const sameDraft = (a: Draft, b: Draft) =>
  a.rows === b.rows && a.columns === b.columns && a.note === b.note && JSON.stringify([...a.seats].sort(bySeat)) === JSON.stringify([...b.seats].sort(bySeat));
const bySeat = (a: Seat, b: Seat) => a.row - b.row || a.column - b.column;

function Seating({ cls }: { cls: HeadTeacherClass }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [versionId, setVersionId] = useState<number | undefined>(undefined);
  const chart = useQuery({ queryKey: headTeacherKeys.seating(cls.id, versionId), queryFn: ({ signal }) => fetchSeating(cls.id, versionId, signal) });
  const versions = useQuery({ queryKey: headTeacherKeys.seatingVersions(cls.id), queryFn: ({ signal }) => fetchSeatingVersions(cls.id, signal) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (chart.data) setDraft(fromChart(chart.data));
  }, [chart.data]);

  if (chart.isPending || !draft) {
    return (
      <div className="ht-loading">
        <Spin />
      </div>
    );
  }
  if (!chart.data) return <Empty />;
  const saved = chart.data;
  const dirty = !sameDraft(draft, fromChart(saved)) || versionId !== undefined;

  const save = async () => {
    setSaving(true);
    try {
      const result = await saveSeating({ classId: cls.id, rows: draft.rows, columns: draft.columns, seats: draft.seats, note: draft.note, baseVersion: saved.version });
      feedback().message.success(result.msg);
      setVersionId(undefined);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['headTeacher', 'seating', cls.id] }),
        client.invalidateQueries({ queryKey: headTeacherKeys.seatingVersions(cls.id) }),
      ]);
    } catch {
      // The request client has shown why (a seat clash, someone saved meanwhile).
    } finally {
      setSaving(false);
    }
  };

  const exportAs = (format: 'xlsx' | 'pdf') =>
    downloadSeating(cls.id, format, `${cls.name}${t('htSeating.fileName')}`, versionId).catch(() => {
      // Shown by the request client.
    });

  return (
    <>
      <div className="ht-bar ht-no-print">
        <Space wrap>
          <span>{t('htSeating.rows')}</span>
          <InputNumber
            min={1}
            max={SEATING_ROWS_MAX}
            value={draft.rows}
            disabled={!cls.editable}
            onChange={(value) => value && setDraft(resize(draft, value, draft.columns))}
            style={{ width: 72 }}
            data-testid="ht-seating-rows"
          />
          <span>{t('htSeating.columns')}</span>
          <InputNumber
            min={1}
            max={SEATING_COLUMNS_MAX}
            value={draft.columns}
            disabled={!cls.editable}
            onChange={(value) => value && setDraft(resize(draft, draft.rows, value))}
            style={{ width: 72 }}
            data-testid="ht-seating-columns"
          />
          <Input
            value={draft.note}
            maxLength={100}
            disabled={!cls.editable}
            onChange={(event) => setDraft({ ...draft, note: event.target.value })}
            placeholder={t('htSeating.notePlaceholder')}
            style={{ width: 200 }}
            data-testid="ht-seating-note"
          />
        </Space>
        <Space wrap>
          <Select
            value={versionId ?? 0}
            onChange={(value: number) => setVersionId(value || undefined)}
            style={{ minWidth: 220 }}
            options={[
              { value: 0, label: saved.version ? t('htSeating.latest', { version: saved.version }) : t('htSeating.none') },
              ...(versions.data ?? []).slice(1).map((item) => ({ value: item.id, label: t('htSeating.versionLabel', { version: item.version, at: item.savedAt, by: item.savedBy }) })),
            ]}
            aria-label={t('htSeating.versions')}
            data-testid="ht-seating-version"
          />
          {cls.editable && (
            <>
              <Button icon={<OrderedListOutlined />} onClick={() => setDraft({ ...draft, seats: inOrder(saved.students, draft) })} data-testid="ht-seating-auto">
                {t('htSeating.auto')}
              </Button>
              <Button icon={<ClearOutlined />} onClick={() => setDraft({ ...draft, seats: [] })} data-testid="ht-seating-clear">
                {t('htSeating.clear')}
              </Button>
              <Button icon={<UndoOutlined />} disabled={!dirty} onClick={() => { setVersionId(undefined); setDraft(fromChart(saved)); }} data-testid="ht-seating-undo">
                {t('htSeating.undo')}
              </Button>
              <Button type="primary" icon={<SaveOutlined />} disabled={!dirty} loading={saving} onClick={() => void save()} data-testid="ht-seating-save">
                {versionId ? t('htSeating.saveFromVersion') : t('htSeating.save')}
              </Button>
            </>
          )}
          <Button icon={<FileExcelOutlined />} onClick={() => void exportAs('xlsx')} data-testid="ht-seating-excel">
            {t('htSeating.excel')}
          </Button>
          <Button icon={<FilePdfOutlined />} onClick={() => void exportAs('pdf')} data-testid="ht-seating-pdf">
            PDF
          </Button>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="ht-seating-print">
            {t('htSeating.print')}
          </Button>
        </Space>
      </div>
      {saved.savedAt && (
        <Typography.Text type="secondary" className="ht-no-print" data-testid="ht-seating-saved">
          {t('htSeating.savedLine', { version: versionId ? (versions.data ?? []).find((item) => item.id === versionId)?.version : saved.version, at: saved.savedAt, by: saved.savedBy })}
          {saved.note ? ` · ${saved.note}` : ''}
        </Typography.Text>
      )}
      <Board
        students={saved.students}
        draft={draft}
        editable={cls.editable}
        picked={picked}
        onPick={setPicked}
        onChange={(seats) => {
          setDraft({ ...draft, seats });
          setPicked(null);
        }}
      />
    </>
  );
}

/** Smaller rows or columns: students on seats that are gone go back to the unseated list. */
function resize(draft: Draft, rows: number, columns: number): Draft {
  return { ...draft, rows, columns, seats: draft.seats.filter((seat) => seat.row <= rows && seat.column <= columns) };
}

/** Everyone by student number, front row first, left to right; who does not fit stays unseated. */
function inOrder(students: readonly SeatingStudent[], draft: Draft): Seat[] {
  return students.slice(0, draft.rows * draft.columns).map((student, index) => ({ row: Math.floor(index / draft.columns) + 1, column: (index % draft.columns) + 1, studentId: student.id }));
}

const DRAG_TYPE = 'text/plain';

function Board({
  students,
  draft,
  editable,
  picked,
  onPick,
  onChange,
}: {
  students: readonly SeatingStudent[];
  draft: Draft;
  editable: boolean;
  picked: number | null;
  onPick: (id: number | null) => void;
  onChange: (seats: Seat[]) => void;
}) {
  const { t } = useTranslation();
  const [over, setOver] = useState<string | null>(null);
  const byId = useMemo(() => new Map(students.map((student) => [student.id, student])), [students]);
  const seatAt = new Map(draft.seats.map((seat) => [`${seat.row}:${seat.column}`, seat.studentId]));
  const seated = new Set(draft.seats.map((seat) => seat.studentId));
  const unseated = students.filter((student) => !seated.has(student.id));

  const dragged = (event: DragEvent) => Number(event.dataTransfer.getData(DRAG_TYPE)) || picked;
  const startDrag = (id: number) => (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, String(id));
    event.dataTransfer.effectAllowed = 'move';
    onPick(id);
  };
  const allowDrop = (key: string) => (event: DragEvent) => {
    if (!editable) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (over !== key) setOver(key);
  };
  const dropOnSeat = (row: number, column: number) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const id = dragged(event);
    if (editable && id) onChange(placeStudent(draft.seats, id, row, column));
  };
  const dropOnPool = (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const id = dragged(event);
    if (editable && id) onChange(unseatStudent(draft.seats, id));
  };
  const clickSeat = (row: number, column: number, occupant: number | undefined) => {
    if (!editable) return;
    if (picked && picked !== occupant) onChange(placeStudent(draft.seats, picked, row, column));
    else onPick(occupant && occupant !== picked ? occupant : null);
  };
  const chipClass = (student: SeatingStudent | undefined) => (student?.gender === '2' ? ' is-female' : '');

  // Row 1 sits at the front, drawn nearest the teacher's desk at the bottom (as the printed sheet).
  const rows = Array.from({ length: draft.rows }, (_, index) => draft.rows - index);
  return (
    <div className="ht-seating">
      <div className="ht-room" data-testid="ht-seating-room">
        <div className="ht-grid" style={{ gridTemplateColumns: `repeat(${draft.columns}, 92px)` }}>
          {rows.flatMap((row) =>
            Array.from({ length: draft.columns }, (_, index) => {
              const column = index + 1;
              const occupant = seatAt.get(`${row}:${column}`);
              const student = occupant ? byId.get(occupant) : undefined;
              const key = `${row}-${column}`;
              return (
                <div
                  key={key}
                  className={`ht-seat${student ? ' is-taken' : ''}${chipClass(student)}${over === key || (student && picked === student.id) ? ' is-over' : ''}`}
                  draggable={editable && Boolean(student)}
                  onDragStart={student ? startDrag(student.id) : undefined}
                  onDragEnd={() => setOver(null)}
                  onDragOver={allowDrop(key)}
                  onDragLeave={() => setOver(null)}
                  onDrop={dropOnSeat(row, column)}
                  onClick={() => clickSeat(row, column, occupant)}
                  role="button"
                  tabIndex={editable ? 0 : -1}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      clickSeat(row, column, occupant);
                    }
                  }}
                  aria-label={student ? t('htSeating.seatOf', { row, column, name: student.name }) : t('htSeating.emptySeat', { row, column })}
                  data-testid={`ht-seat-${row}-${column}`}
                  data-student={student?.id ?? ''}
                >
                  {student ? (
                    <>
                      <span>{student.name}</span>
                      <span className="ht-seat-number">{student.studentNumber}</span>
                    </>
                  ) : (
                    <span className="ht-seat-number">
                      {row}-{column}
                    </span>
                  )}
                </div>
              );
            }),
          )}
        </div>
        <div className="ht-desk">{t('htSeating.desk')}</div>
      </div>
      <div
        className={`ht-pool${over === 'pool' ? ' is-over' : ''}`}
        onDragOver={allowDrop('pool')}
        onDragLeave={() => setOver(null)}
        onDrop={dropOnPool}
        onClick={() => {
          if (editable && picked && seated.has(picked)) onChange(unseatStudent(draft.seats, picked));
        }}
        data-testid="ht-seating-pool"
      >
        <Typography.Text strong>{t('htSeating.unseated', { count: unseated.length })}</Typography.Text>
        <div className="ht-muted">{editable ? t('htSeating.hint') : t('htSeating.readOnlyHint')}</div>
        <div className="ht-pool-list">
          {unseated.map((student) => (
            <span
              key={student.id}
              className={`ht-chip${chipClass(student)}${picked === student.id ? ' is-over' : ''}`}
              draggable={editable}
              onDragStart={startDrag(student.id)}
              onClick={(event) => {
                event.stopPropagation();
                if (editable) onPick(picked === student.id ? null : student.id);
              }}
              role="button"
              tabIndex={editable ? 0 : -1}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  if (editable) onPick(picked === student.id ? null : student.id);
                }
              }}
              data-testid={`ht-pool-${student.id}`}
            >
              {student.name}
            </span>
          ))}
          {unseated.length === 0 && <span className="ht-muted">{t('htSeating.allSeated')}</span>}
        </div>
      </div>
    </div>
  );
}
