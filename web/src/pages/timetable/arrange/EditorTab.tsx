import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, InputNumber, Modal, Progress, Segmented, Select, Space, Spin, Tag, Typography, type ButtonProps, type SelectProps } from 'antd';
import { CheckCircleOutlined, ReloadOutlined, SendOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GENERATION_SECONDS_MAX, type ArrangeOptions, type DraftDetail, type DraftLesson } from '@campus/contract';
import {
  GENERATION_POLL_MS,
  arrangeKeys,
  changeLesson,
  fetchDraft,
  fetchDraftGrid,
  generateDraft,
  showRefusal,
  type GridKind,
  type LessonChange,
} from '../../../api/timetableArrange.ts';
import { feedback } from '../../../app/feedback.ts';
import type { Slot } from '../../../components/WeekTable/index.ts';
import { DraftWeekGrid, startDrag } from './DraftWeekGrid.tsx';
import { DraftStatusTag, GenerationReportView, confirmPublish, showConflicts } from './parts.tsx';
import { sameSource, unplacedKey, type DecodedSource, type Source, type UnplacedItem } from './source.ts';

const GENERATION_SECONDS_MIN = 5;
const GENERATION_SECONDS_DEFAULT = 30;

export interface EditorTabProps {
  draftId: number | null;
  options: ArrangeOptions;
  /** Back to the list of drafts (nothing chosen yet). */
  onList: () => void;
}

/** The chosen draft: its head (generate, check, publish), the generation's progress and report, and its grids. */
export function EditorTab({ draftId, options, onList }: EditorTabProps) {
  const { t } = useTranslation();
  if (!draftId) {
    return (
      <Empty description={t('arrangeUi.noDraft')} data-testid="arrange-editor-empty">
        <Button type="primary" onClick={onList}>
          {t('arrangeUi.toDrafts')}
        </Button>
      </Empty>
    );
  }
  return <Editor key={draftId} draftId={draftId} options={options} />;
}

function Editor({ draftId, options }: { draftId: number; options: ArrangeOptions }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const draft = useQuery({
    queryKey: arrangeKeys.detail(draftId),
    queryFn: ({ signal }) => fetchDraft(draftId, signal),
    // While a generation runs the draft is read again and again for its progress.
    refetchInterval: (query) => (query.state.data?.status === 'generating' ? GENERATION_POLL_MS : false),
  });
  const status = draft.data?.status;

  // A generation that has just finished changed the whole draft: every grid and the list read it again.
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'generating' && status && status !== 'generating') {
      void client.invalidateQueries({ queryKey: [...arrangeKeys.draft(draftId), 'grid'] });
      void client.invalidateQueries({ queryKey: ['timetableArrange', 'drafts'] });
    }
    previous.current = status;
  }, [status, client, draftId]);

  if (draft.isPending) {
    return (
      <div className="arrange-loading">
        <Spin />
      </div>
    );
  }
  if (draft.isError || !draft.data) {
    return <Alert type="warning" showIcon title={t('arrangeUi.draftFailed')} data-testid="arrange-draft-failed" />;
  }
  return <DraftEditor draft={draft.data} options={options} />;
}

function DraftEditor({ draft, options }: { draft: DraftDetail; options: ArrangeOptions }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [generateOpen, setGenerateOpen] = useState(false);
  const refreshDraft = () => {
    void client.invalidateQueries({ queryKey: arrangeKeys.draft(draft.id) });
    void client.invalidateQueries({ queryKey: ['timetableArrange', 'drafts'] });
  };
  const progress = draft.progress;
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;

  return (
    <div className="arrange-editor" data-testid="arrange-editor" data-draft-id={draft.id} data-status={draft.status}>
      <div className="arrange-editor-head">
        <div className="arrange-editor-title">
          <Typography.Title level={5} className="arrange-editor-name" data-testid="arrange-editor-name">
            {draft.name}
          </Typography.Title>
          <DraftStatusTag status={draft.status} testId="arrange-editor-status" />
          <Typography.Text type="secondary" className="arrange-small">
            {t('arrangeUi.counts', { lessons: draft.lessonCount, unplaced: draft.unplacedCount })}
          </Typography.Text>
        </div>
        <Space wrap>
          <Button type="primary" icon={<ThunderboltOutlined />} disabled={!draft.editable} onClick={() => setGenerateOpen(true)} data-testid="arrange-generate">
            {t('arrangeUi.generate')}
          </Button>
          <Button icon={<CheckCircleOutlined />} onClick={() => void showConflicts(t, draft.id)} data-testid="arrange-check">
            {t('arrangeUi.checkConflicts')}
          </Button>
          <Button icon={<SendOutlined />} disabled={!draft.editable} onClick={() => void confirmPublish(t, draft, refreshDraft)} data-testid="arrange-editor-publish">
            {t('arrangeUi.publish')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={refreshDraft} aria-label={t('arrangeUi.refresh')} title={t('arrangeUi.refresh')} data-testid="arrange-refresh" />
        </Space>
      </div>

      {draft.status === 'generating' && (
        <div className="arrange-progress" data-testid="arrange-progress">
          <Typography.Text>{t('arrangeUi.generating', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}</Typography.Text>
          <Progress percent={percent} status="active" />
        </div>
      )}
      {!draft.editable && (
        <Alert
          type="info"
          showIcon
          className="arrange-gap"
          title={t(draft.status === 'published' ? 'arrangeUi.readOnlyPublished' : 'arrangeUi.readOnlyGenerating')}
          data-testid="arrange-readonly"
        />
      )}
      {draft.report && draft.status !== 'generating' && (
        <section className="arrange-report-box" aria-label={t('arrangeUi.report.title')} data-testid="arrange-report-box">
          <div className="arrange-strong">{t('arrangeUi.report.title')}</div>
          <GenerationReportView report={draft.report} />
        </section>
      )}

      <Workspace draft={draft} options={options} />
      <GenerateDialog open={generateOpen} draft={draft} onClose={() => setGenerateOpen(false)} onStarted={refreshDraft} />
    </div>
  );
}

/** The view (class, teacher, room) and its owner, the week grid and the unplaced hours beside it. */
function Workspace({ draft, options }: { draft: DraftDetail; options: ArrangeOptions }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [kind, setKind] = useState<GridKind>('class');
  const [owners, setOwners] = useState<Record<GridKind, number | undefined>>({
    class: options.classes[0]?.id,
    teacher: options.teachers[0]?.id,
    room: options.classrooms[0]?.id,
  });
  const ownerId = owners[kind];
  const [picked, setPicked] = useState<Source | null>(null);
  const [working, setWorking] = useState(false);
  const editable = draft.editable;

  const grid = useQuery({
    queryKey: arrangeKeys.grid(draft.id, kind, ownerId ?? 0),
    queryFn: ({ signal }) => fetchDraftGrid({ id: draft.id, kind, ownerId: ownerId! }, signal),
    enabled: !!ownerId,
  });

  // Escape gives up what a click picked.
  useEffect(() => {
    if (!picked) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPicked(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [picked]);

  const apply = async (change: LessonChange) => {
    setWorking(true);
    try {
      const msg = await changeLesson(draft.id, change);
      feedback().message.success({ content: msg || t('arrange.saved'), key: 'arrange-change' });
      setPicked(null);
      // Every grid of the draft (the teacher's and room's too) and its counts.
      await client.invalidateQueries({ queryKey: arrangeKeys.draft(draft.id) });
      void client.invalidateQueries({ queryKey: ['timetableArrange', 'drafts'] });
    } catch (error) {
      // Refused (a conflict): the server's message, and the grid stays as it was.
      showRefusal(error);
    } finally {
      setWorking(false);
    }
  };

  const drop = (slot: Slot, source: DecodedSource) => {
    if (working) return;
    if (source.action === 'move') {
      const lesson = grid.data?.lessons.find((item) => item.id === source.lessonId);
      if (lesson && lesson.day === slot.day && lesson.period === slot.period) return;
      void apply({ action: 'move', lessonId: source.lessonId, ...slot });
    } else void apply({ ...source, ...slot });
  };

  const lessonAction = (lesson: DraftLesson, action: 'lock' | 'unlock' | 'remove') => {
    if (action === 'remove') void apply({ action: 'remove', lessonId: lesson.id });
    else void apply({ action: 'lock', lessonId: lesson.id, locked: action === 'lock' });
  };

  const classOptions = useMemo(
    () =>
      options.grades
        .map((grade) => ({ label: grade.name, title: grade.name, options: options.classes.filter((item) => item.gradeId === grade.id).map((item) => ({ value: item.id, label: item.name })) }))
        .filter((group) => group.options.length > 0),
    [options.grades, options.classes],
  );
  const teacherOptions = useMemo(() => options.teachers.map((item) => ({ value: item.id, label: item.staffNumber ? `${item.name} (${item.staffNumber})` : item.name })), [options.teachers]);
  const roomOptions = useMemo(() => options.classrooms.map((item) => ({ value: item.id, label: item.name })), [options.classrooms]);
  const ownerOptions: SelectProps['options'] = kind === 'class' ? classOptions : kind === 'teacher' ? teacherOptions : roomOptions;

  const unplaced = grid.data?.unplaced ?? [];
  const missing = unplaced.reduce((sum, item) => sum + item.missing, 0);

  return (
    <div className="arrange-workspace-box">
      <div className="arrange-view-bar">
        <Segmented<GridKind>
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPicked(null);
          }}
          options={[
            { value: 'class', label: <span data-testid="arrange-view-class">{t('arrangeUi.view.class')}</span> },
            { value: 'teacher', label: <span data-testid="arrange-view-teacher">{t('arrangeUi.view.teacher')}</span> },
            { value: 'room', label: <span data-testid="arrange-view-room">{t('arrangeUi.view.room')}</span> },
          ]}
        />
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          value={ownerId}
          onChange={(value: number) => {
            setOwners((current) => ({ ...current, [kind]: value }));
            setPicked(null);
          }}
          options={ownerOptions}
          placeholder={t(`arrangeUi.ownerPlaceholder.${kind}`)}
          className="arrange-owner"
          aria-label={t(`arrangeUi.view.${kind}`)}
          data-testid="arrange-owner"
        />
        {editable && (
          <Typography.Text type="secondary" className="arrange-small arrange-hint">
            {picked ? t('arrangeUi.pickedHint') : t('arrangeUi.dragHint')}
          </Typography.Text>
        )}
        {picked && (
          <Button size="small" onClick={() => setPicked(null)} data-testid="arrange-pick-cancel">
            {t('manage.cancel')}
          </Button>
        )}
      </div>
      <div className="arrange-workspace">
        <div className="arrange-grid-area">
          {grid.isPending && ownerId ? (
            <div className="arrange-loading">
              <Spin />
            </div>
          ) : grid.data ? (
            <Spin spinning={working || grid.isFetching} delay={200}>
              <DraftWeekGrid grid={grid.data} kind={kind} editable={editable} picked={picked} onPick={setPicked} onDrop={drop} onLessonAction={lessonAction} />
            </Spin>
          ) : (
            <Empty description={t(`arrangeUi.ownerPlaceholder.${kind}`)} />
          )}
        </div>
        <aside className="arrange-unplaced" aria-label={t('arrangeUi.unplaced')} data-testid="arrange-unplaced">
          <div className="arrange-unplaced-head">
            <span className="arrange-strong">{t('arrangeUi.unplaced')}</span>
            {missing > 0 && (
              <Tag color="red" className="arrange-tag">
                {t('arrangeUi.hours', { count: missing })}
              </Tag>
            )}
          </div>
          {unplaced.length === 0 ? (
            <Typography.Text type="secondary" className="arrange-small" data-testid="arrange-unplaced-none">
              {t('arrangeUi.allPlaced')}
            </Typography.Text>
          ) : (
            <ul className="arrange-unplaced-list">
              {unplaced.map((item) => (
                <UnplacedCard key={unplacedKey(item)} item={item} kind={kind} editable={editable} picked={picked} onPick={setPicked} />
              ))}
            </ul>
          )}
        </aside>
      </div>
    </div>
  );
}

/**
 * An unplaced hour of a class's course, or (in an imported draft) an activity not placed: its duration, for it is
 * placed whole, and its classes in every view (they may be several, or a part of the class).
 */
function UnplacedCard({ item, kind, editable, picked, onPick }: { item: UnplacedItem; kind: GridKind; editable: boolean; picked: Source | null; onPick: (source: Source | null) => void }) {
  const { t } = useTranslation();
  const source: Source = { type: 'unplaced', item };
  const isPicked = sameSource(picked, source);
  const activity = !!item.activityId;
  const body = (
    <>
      <span className="arrange-lesson-course">{item.courseName}</span>
      <span className="arrange-lesson-line">{[kind === 'class' && !activity ? '' : item.className, item.teacherName].filter(Boolean).join(' · ') || t('arrangeUi.noTeacher')}</span>
      <Tag color={activity ? 'orange' : 'red'} className="arrange-tag arrange-missing">
        {activity ? t('arrangeUi.duration', { count: item.missing }) : t('arrangeUi.missing', { count: item.missing })}
      </Tag>
    </>
  );
  const label = activity
    ? t('arrangeUi.pickActivity', { course: item.courseName, class: item.className, count: item.missing })
    : t('arrangeUi.pickUnplaced', { course: item.courseName, class: item.className, count: item.missing });
  return (
    <li
      className={['arrange-lesson', 'arrange-unplaced-item', isPicked && 'is-picked', editable && 'is-editable'].filter(Boolean).join(' ')}
      draggable={editable}
      onDragStart={editable ? (event) => startDrag(event, source) : undefined}
      data-testid={`arrange-unplaced-${unplacedKey(item)}`}
      data-activity-id={item.activityId ?? undefined}
    >
      {editable ? (
        <button type="button" className="arrange-lesson-main" aria-pressed={isPicked} aria-label={label} onClick={() => onPick(isPicked ? null : source)} data-testid={`arrange-unplaced-pick-${unplacedKey(item)}`}>
          {body}
        </button>
      ) : (
        <div className="arrange-lesson-main">{body}</div>
      )}
    </li>
  );
}

/** Asks for the time limit (5 to 300 seconds) and starts the generation; the draft then shows its progress. */
function GenerateDialog({ open, draft, onClose, onStarted }: { open: boolean; draft: DraftDetail; onClose: () => void; onStarted: () => void }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState<number | null>(GENERATION_SECONDS_DEFAULT);
  const [starting, setStarting] = useState(false);
  const valid = seconds !== null && Number.isInteger(seconds) && seconds >= GENERATION_SECONDS_MIN && seconds <= GENERATION_SECONDS_MAX;

  const start = async () => {
    if (!valid) return;
    setStarting(true);
    try {
      const { msg } = await generateDraft(draft.id, seconds);
      feedback().message.success(msg || t('arrange.generationQueued'));
      onClose();
      onStarted();
    } catch {
      // The request client has shown the server's message.
    } finally {
      setStarting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('arrangeUi.generateTitle', { name: draft.name })}
      onCancel={onClose}
      onOk={() => void start()}
      okText={t('arrangeUi.generateStart')}
      cancelText={t('manage.cancel')}
      okButtonProps={{ loading: starting, disabled: !valid, 'data-testid': 'arrange-generate-ok' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="arrange-generate-dialog">
        <p>{draft.source === 'fet' ? t('arrangeUi.generateConfirmFet') : t('arrangeUi.generateConfirm')}</p>
        <label className="arrange-seconds">
          <span>{t('arrangeUi.seconds')}</span>
          <InputNumber
            min={GENERATION_SECONDS_MIN}
            max={GENERATION_SECONDS_MAX}
            precision={0}
            value={seconds}
            onChange={(value) => setSeconds(value)}
            suffix={t('arrangeUi.secondsUnit')}
            status={valid ? undefined : 'error'}
            data-testid="arrange-generate-seconds"
          />
        </label>
        {!valid && (
          <Typography.Text type="danger" className="arrange-small">
            {t('arrange.secondsRange')}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
