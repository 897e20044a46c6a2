import { useState } from 'react';
import { Button, Form, Input, Select, Space, Spin, Tag, Tooltip, type ButtonProps } from 'antd';
import { CloseCircleOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EXAM_CATEGORIES, type ExamBatchOptions, type ExamBatchRow, type ExamCategory, type ExamLevel, type ExamSubjectRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { EMPTY_EXAM_OPTIONS, EXAM_BATCH_CALLS, EXAM_BATCH_PERMISSION, fetchExamBatchOptions, publishExamBatches, type ExamBatchSearch } from '../../../api/exams.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { ExamBatchDialog, type ExamBatchDialogState } from './ExamBatchForm.tsx';
import './examBatches.css';

interface SearchForm {
  keyword?: string;
  termId?: number;
  gradeId?: number;
  category?: ExamCategory;
  /** 'yes', 'no' or none (both). */
  published?: 'yes' | 'no';
}

export const toSearch = (values: SearchForm): ExamBatchSearch & Record<string, unknown> => ({
  keyword: values.keyword?.trim() ?? '',
  termId: values.termId ?? '',
  gradeId: values.gradeId ?? '',
  category: values.category ?? '',
  ...(values.published ? { published: values.published === 'yes' } : {}),
});

export const OPTIONS_KEY = ['exams', 'batches', 'options'] as const;

/** "Maths 12-08 08:30–10:00": a subject's sitting in a tag (the month and day: the year is the term's). */
export const sittingLabel = (subject: ExamSubjectRow) => `${subject.courseName} ${subject.examDate.slice(5)} ${subject.startTime}–${subject.endTime}`;

/** The sittings in the order they take place. */
const inOrder = (subjects: readonly ExamSubjectRow[]) => [...subjects].sort((a, b) => a.examDate.localeCompare(b.examDate) || a.startTime.localeCompare(b.startTime));

/**
 * /kwgl/kspc, Exam batches: an exam of a term for the classes of one grade, with its subjects' dates and
 * times, kind, level, weight, score system and pass line. Published, it shows to students and staff and is
 * only viewed until its publication is cancelled; an exam of an ended term is only viewed.
 */
export default function ExamBatchesPage({ route }: PageProps) {
  const options = useQuery({ queryKey: OPTIONS_KEY, queryFn: ({ signal }) => fetchExamBatchOptions(signal) });
  if (options.isPending) {
    return (
      <div className="exam-loading">
        <Spin />
      </div>
    );
  }
  return <ExamBatches route={route} options={options.data ?? EMPTY_EXAM_OPTIONS} />;
}

function ExamBatches({ route, options }: PageProps & { options: ExamBatchOptions }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  // Ticks in the list serve the batch delete and the batch publication: without either button there are none.
  const allowed = usePermission();
  const canDelete = allowed({ permissions: [`${EXAM_BATCH_PERMISSION}:delete`] });
  const canEdit = allowed({ permissions: [`${EXAM_BATCH_PERMISSION}:edit`] });
  const [dialog, setDialog] = useState<ExamBatchDialogState | null>(null);
  const currentTerm = options.terms.find((term) => term.isCurrent);
  const byName = (list: { id: number; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));
  const today = dayjs().format('YYYY-MM-DD');
  const ended = (termId: number) => {
    const term = options.terms.find((item) => item.id === termId);
    return !!term?.endDate && term.endDate < today;
  };

  /** Publishes the exams or cancels their publication, after confirming. */
  const confirmPublish = (rows: readonly ExamBatchRow[], published: boolean, reload: () => void) => {
    const single = rows.length === 1 ? rows[0]!.name : '';
    feedback().modal.confirm({
      title: published
        ? single
          ? t('examBatchPage.publishTitle', { name: single })
          : t('examBatchPage.publishManyTitle', { count: rows.length })
        : t('examBatchPage.unpublishTitle', { name: single }),
      content: t(published ? 'examBatchPage.publishConfirm' : 'examBatchPage.unpublishConfirm'),
      okText: t(published ? 'examBatchPage.publish' : 'examBatchPage.unpublish'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'exam-publish-ok' } as ButtonProps,
      onOk: async () => {
        try {
          const msg = await publishExamBatches(
            rows.map((row) => row.id),
            published,
          );
          feedback().message.success(msg);
          reload();
        } catch {
          // The request client has shown the server's message.
        }
      },
    });
  };

  return (
    <ManagePage<ExamBatchRow, SearchForm>
      permission={EXAM_BATCH_PERMISSION}
      listUrl={EXAM_BATCH_CALLS.page}
      title={routeTitle(route, i18n.language)}
      exportUrl={EXAM_BATCH_CALLS.export}
      exportName={t('exam.exportName')}
      deleteUrl={canDelete ? EXAM_BATCH_CALLS.delete : undefined}
      onAdd={() => setDialog({ mode: 'add' })}
      initialSearch={{ termId: currentTerm?.id }}
      toSearch={toSearch}
      toolbar={
        canEdit
          ? ({ selected, reload }) => (
              <Button
                icon={<SendOutlined />}
                onClick={() => {
                  // Those published already or of an ended term are left out (the server would refuse the lot).
                  const waiting = selected.filter((row) => !row.published && !ended(row.termId));
                  if (!waiting.length) {
                    feedback().message.warning(t(selected.length ? 'examBatchPage.nothingToPublish' : 'common.selectNone'));
                    return;
                  }
                  confirmPublish(waiting, true, reload);
                }}
                data-testid="exam-batch-publish"
              >
                {t('examBatchPage.batchPublish')}
              </Button>
            )
          : undefined
      }
      searchFields={() => (
        <>
          <Form.Item name="termId" label={t('exam.col.term')}>
            <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} data-testid="exam-search-term" />
          </Form.Item>
          <Form.Item name="gradeId" label={t('exam.col.grade')}>
            <Select allowClear options={byName(options.grades)} placeholder={t('manage.all')} style={{ width: 120 }} data-testid="exam-search-grade" />
          </Form.Item>
          <Form.Item name="category" label={t('exam.col.category')}>
            <Select
              allowClear
              options={EXAM_CATEGORIES.map((value) => ({ value, label: t(`exam.category.${value}`) }))}
              placeholder={t('manage.all')}
              style={{ width: 140 }}
              data-testid="exam-search-category"
            />
          </Form.Item>
          <Form.Item name="published" label={t('exam.col.published')}>
            <Select
              allowClear
              options={[
                { value: 'yes', label: t('examBatchPage.published') },
                { value: 'no', label: t('examBatchPage.unpublished') },
              ]}
              placeholder={t('manage.all')}
              style={{ width: 120 }}
              data-testid="exam-search-published"
            />
          </Form.Item>
          <Form.Item name="keyword" label={t('examBatchPage.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('examBatchPage.keywordPlaceholder')} data-testid="exam-search-keyword" />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('exam.col.name'),
          sorter: true,
          width: 180,
          render: (name: string, row: ExamBatchRow) => (
            <div className="exam-name">
              <span>{name}</span>
              {ended(row.termId) && (
                <Tag className="exam-tag" data-testid={`exam-ended-${row.id}`}>
                  {t('examBatchPage.ended')}
                </Tag>
              )}
            </div>
          ),
        },
        { key: 'termName', dataIndex: 'termName', title: t('exam.col.term'), width: 170 },
        { key: 'gradeName', dataIndex: 'gradeName', title: t('exam.col.grade'), sorter: true, width: 90 },
        { key: 'category', dataIndex: 'category', title: t('exam.col.category'), sorter: true, width: 110, render: (category: ExamCategory) => t(`exam.category.${category}`) },
        { key: 'level', dataIndex: 'level', title: t('exam.col.level'), width: 80, render: (level: ExamLevel) => t(`exam.level.${level}`) },
        { key: 'weightPercent', dataIndex: 'weightPercent', title: t('exam.col.weight'), width: 90, align: 'right' },
        {
          key: 'marks',
          title: t('examBatchPage.marksColumn'),
          width: 120,
          render: (_: unknown, row: ExamBatchRow) => (
            <span className="exam-nowrap" data-testid={`exam-marks-${row.id}`}>
              {row.scoreSystem} / {row.passLine}
            </span>
          ),
        },
        {
          key: 'firstDate',
          title: t('exam.col.dates'),
          sorter: true,
          width: 120,
          render: (_: unknown, row: ExamBatchRow) =>
            row.firstDate ? (
              <span className="exam-dates" data-testid={`exam-dates-${row.id}`}>
                {row.firstDate === row.lastDate ? row.firstDate : `${row.firstDate} ~ ${row.lastDate}`}
              </span>
            ) : (
              '—'
            ),
        },
        {
          key: 'subjects',
          title: t('exam.col.subjects'),
          width: 220,
          render: (_: unknown, row: ExamBatchRow) =>
            row.subjects.length ? (
              <Space size={[4, 4]} wrap data-testid={`exam-subjects-${row.id}`}>
                {inOrder(row.subjects).map((subject) => (
                  <Tag key={`${subject.courseId}`} className="exam-tag">
                    {sittingLabel(subject)}
                  </Tag>
                ))}
              </Space>
            ) : (
              '—'
            ),
        },
        {
          key: 'classes',
          title: t('exam.col.classes'),
          width: 90,
          render: (_: unknown, row: ExamBatchRow) => (
            <Tooltip title={row.classNames.join(', ')}>
              <span className="exam-count" tabIndex={0} aria-label={row.classNames.join(', ')} data-testid={`exam-classes-${row.id}`}>
                {t('examBatchPage.classCount', { count: row.classIds.length })}
              </span>
            </Tooltip>
          ),
        },
        {
          key: 'published',
          title: t('exam.col.published'),
          width: 150,
          render: (_: unknown, row: ExamBatchRow) =>
            row.published ? (
              <div className="exam-published" data-testid={`exam-published-${row.id}`}>
                <Tag color="green" className="exam-tag">
                  {t('examBatchPage.published')}
                </Tag>
                {row.publishedAt && <span className="exam-muted">{row.publishedAt}</span>}
              </div>
            ) : (
              <Tag className="exam-tag" data-testid={`exam-published-${row.id}`}>
                {t('examBatchPage.unpublished')}
              </Tag>
            ),
        },
      ]}
      // On a phone the fixed column keeps room for the row's data beside it: its links wrap instead.
      actionsWidth={phone ? 130 : i18n.language === 'en' ? 330 : 250}
      rowActions={(row, { canEdit: mayEdit, canDelete: mayDelete, reload }) => {
        const open = !ended(row.termId);
        return (
          <>
            <RecordActions
              onView={() => setDialog({ mode: 'view', row })}
              onEdit={mayEdit && open && !row.published ? () => setDialog({ mode: 'edit', row }) : undefined}
              viewTestId={`exam-view-${row.id}`}
              editTestId={`exam-edit-${row.id}`}
            />
            {mayEdit && open && !row.published && (
              <Button type="link" size="small" icon={<SendOutlined />} onClick={() => confirmPublish([row], true, reload)} data-testid={`exam-publish-${row.id}`}>
                {t('examBatchPage.publish')}
              </Button>
            )}
            {mayEdit && open && row.published && (
              <Button type="link" size="small" icon={<CloseCircleOutlined />} onClick={() => confirmPublish([row], false, reload)} data-testid={`exam-unpublish-${row.id}`}>
                {t('examBatchPage.unpublish')}
              </Button>
            )}
            {mayDelete && open && !row.published && (
              <DeleteButton type="link" size="small" url={EXAM_BATCH_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`exam-delete-${row.id}`} />
            )}
          </>
        );
      }}
      data-testid="exam-batches-page"
    >
      {({ reload }) => <ExamBatchDialog dialog={dialog} options={options} ended={ended} onClose={() => setDialog(null)} onSaved={reload} />}
    </ManagePage>
  );
}
