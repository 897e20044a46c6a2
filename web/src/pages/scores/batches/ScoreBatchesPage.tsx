import { useState } from 'react';
import { Button, Form, Input, Select, Space, Spin, Tag, Tooltip, type ButtonProps } from 'antd';
import { CloseCircleOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScoreBatchOptions, ScoreBatchRow, ScoreBatchSubjectRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { ScoreBatchDialog, type ScoreBatchDialogState } from './ScoreBatchForm.tsx';
import {
  EMPTY_SCORE_BATCH_OPTIONS,
  SCORE_BATCH_CALLS,
  SCORE_BATCH_OPTIONS_KEY,
  SCORE_BATCH_PERMISSION,
  fetchScoreBatchOptions,
  releaseScoreBatches,
  type ScoreBatchSearch,
} from './scoreBatchCalls.ts';
import './scoreBatches.css';

interface SearchForm {
  keyword?: string;
  termId?: number;
  gradeId?: number;
  /** 'yes', 'no' or none (both). */
  released?: 'yes' | 'no';
}

export const toSearch = (values: SearchForm): ScoreBatchSearch & Record<string, unknown> => ({
  keyword: values.keyword?.trim() ?? '',
  termId: values.termId ?? '',
  gradeId: values.gradeId ?? '',
  ...(values.released ? { released: values.released === 'yes' } : {}),
});

/** "Maths 120 · 30%": a subject in a tag, out of its score system's full mark, with its weight. */
export const subjectLabel = (subject: Pick<ScoreBatchSubjectRow, 'courseName' | 'fullMark' | 'weight'>) => `${subject.courseName} ${subject.fullMark} · ${subject.weight}%`;

/**
 * /cjgl/cjpc, Score batches: the scores of one exam node of a grade in a term, with its subjects (score
 * system and weight), classes and the window in which teachers enter scores. Released, the scores show to
 * students and parents and the batch is only viewed until the release is cancelled; a batch with scores is
 * refused deletion by the server.
 */
export default function ScoreBatchesPage({ route }: PageProps) {
  const options = useQuery({ queryKey: SCORE_BATCH_OPTIONS_KEY, queryFn: ({ signal }) => fetchScoreBatchOptions(signal) });
  if (options.isPending) {
    return (
      <div className="score-batch-loading">
        <Spin />
      </div>
    );
  }
  return <ScoreBatches route={route} options={options.data ?? EMPTY_SCORE_BATCH_OPTIONS} />;
}

function ScoreBatches({ route, options }: PageProps & { options: ScoreBatchOptions }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: [`${SCORE_BATCH_PERMISSION}:edit`] });
  const canDelete = allowed({ permissions: [`${SCORE_BATCH_PERMISSION}:delete`] });
  const [dialog, setDialog] = useState<ScoreBatchDialogState | null>(null);
  const currentTerm = options.terms.find((term) => term.isCurrent);
  const byName = (list: { id: number; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));

  /** Releases the batches or cancels their release, after confirming. */
  const confirmRelease = (rows: readonly ScoreBatchRow[], released: boolean, reload: () => void) => {
    const single = rows.length === 1 ? rows[0]!.name : '';
    feedback().modal.confirm({
      title: released
        ? single
          ? t('scoreBatchPage.releaseTitle', { name: single })
          : t('scoreBatchPage.releaseManyTitle', { count: rows.length })
        : t('scoreBatchPage.unreleaseTitle', { name: single }),
      content: t(released ? 'scoreBatchPage.releaseConfirm' : 'scoreBatchPage.unreleaseConfirm'),
      okText: t(released ? 'scoreBatchPage.release' : 'scoreBatchPage.unrelease'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'score-batch-release-ok' } as ButtonProps,
      onOk: async () => {
        try {
          const msg = await releaseScoreBatches(
            rows.map((row) => row.id),
            released,
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
    <ManagePage<ScoreBatchRow, SearchForm>
      permission={SCORE_BATCH_PERMISSION}
      listUrl={SCORE_BATCH_CALLS.page}
      title={routeTitle(route, i18n.language)}
      exportUrl={SCORE_BATCH_CALLS.export}
      exportName={t('scoreBatch.exportName')}
      deleteUrl={canDelete ? SCORE_BATCH_CALLS.delete : undefined}
      onAdd={() => setDialog({ mode: 'add' })}
      initialSearch={{ termId: currentTerm?.id }}
      toSearch={toSearch}
      toolbar={
        canEdit
          ? ({ selected, reload }) => (
              <Button
                icon={<SendOutlined />}
                onClick={() => {
                  // Those released already are left out.
                  const waiting = selected.filter((row) => !row.released);
                  if (!waiting.length) {
                    feedback().message.warning(t(selected.length ? 'scoreBatchPage.nothingToRelease' : 'common.selectNone'));
                    return;
                  }
                  confirmRelease(waiting, true, reload);
                }}
                data-testid="score-batch-release-selected"
              >
                {t('scoreBatchPage.batchRelease')}
              </Button>
            )
          : undefined
      }
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('scoreBatchPage.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('scoreBatchPage.keywordPlaceholder')} data-testid="score-batch-search-keyword" />
          </Form.Item>
          <Form.Item name="termId" label={t('scoreBatch.col.term')}>
            <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} data-testid="score-batch-search-term" />
          </Form.Item>
          <Form.Item name="gradeId" label={t('scoreBatch.col.grade')}>
            <Select allowClear options={byName(options.grades)} placeholder={t('manage.all')} style={{ width: 120 }} data-testid="score-batch-search-grade" />
          </Form.Item>
          <Form.Item name="released" label={t('scoreBatch.col.released')}>
            <Select
              allowClear
              options={[
                { value: 'yes', label: t('scoreBatchPage.released') },
                { value: 'no', label: t('scoreBatchPage.unreleased') },
              ]}
              placeholder={t('manage.all')}
              style={{ width: 130 }}
              data-testid="score-batch-search-released"
            />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('scoreBatch.col.name'),
          sorter: true,
          width: 170,
          render: (name: string, row: ScoreBatchRow) => (
            <div className="score-batch-name">
              <span>{name}</span>
              {row.examBatchName && <span className="score-batch-muted score-batch-small">{t('scoreBatchPage.fromExam', { name: row.examBatchName })}</span>}
            </div>
          ),
        },
        { key: 'examNode', dataIndex: 'examNode', title: t('scoreBatch.col.examNode'), width: 100 },
        { key: 'termName', dataIndex: 'termName', title: t('scoreBatch.col.term'), width: 150 },
        { key: 'gradeName', dataIndex: 'gradeName', title: t('scoreBatch.col.grade'), sorter: true, width: 90 },
        {
          key: 'entryStart',
          title: t('scoreBatch.col.window'),
          sorter: true,
          width: 160,
          render: (_: unknown, row: ScoreBatchRow) => (
            <div className="score-batch-window" data-testid={`score-batch-window-${row.id}`}>
              <span>{row.entryStart}</span>
              <span>~ {row.entryEnd}</span>
              {row.entryOpen && row.enabled && (
                <Tag color="processing" className="score-batch-tag" data-testid={`score-batch-open-${row.id}`}>
                  {t('scoreBatchPage.openNow')}
                </Tag>
              )}
            </div>
          ),
        },
        {
          key: 'subjects',
          title: t('scoreBatch.col.subjects'),
          width: 230,
          render: (_: unknown, row: ScoreBatchRow) =>
            row.subjects.length ? (
              <Space size={[4, 4]} wrap data-testid={`score-batch-subjects-${row.id}`}>
                {row.subjects.map((subject) => (
                  <Tooltip key={subject.courseId} title={subject.scoreSystemName}>
                    <Tag className="score-batch-tag">{subjectLabel(subject)}</Tag>
                  </Tooltip>
                ))}
              </Space>
            ) : (
              '—'
            ),
        },
        {
          key: 'classes',
          title: t('scoreBatch.col.classes'),
          width: 90,
          render: (_: unknown, row: ScoreBatchRow) => (
            <Tooltip title={row.classNames.join(', ')}>
              <span className="score-batch-count" tabIndex={0} aria-label={row.classNames.join(', ')} data-testid={`score-batch-classes-${row.id}`}>
                {t('scoreBatchPage.classCount', { count: row.classIds.length })}
              </span>
            </Tooltip>
          ),
        },
        {
          key: 'entered',
          title: t('scoreBatch.col.entered'),
          width: 110,
          align: 'right',
          render: (_: unknown, row: ScoreBatchRow) => (
            <span className={row.expected > 0 && row.entered >= row.expected ? 'score-batch-nowrap score-batch-complete' : 'score-batch-nowrap'} data-testid={`score-batch-entered-${row.id}`}>
              {row.entered} / {row.expected}
            </span>
          ),
        },
        {
          key: 'enabled',
          dataIndex: 'enabled',
          title: t('scoreBatch.col.enabled'),
          width: 90,
          render: (enabled: boolean) => (
            <Tag className="score-batch-tag" color={enabled ? 'green' : undefined}>
              {t(enabled ? 'manage.enabled' : 'manage.disabled')}
            </Tag>
          ),
        },
        {
          key: 'released',
          title: t('scoreBatch.col.released'),
          width: 150,
          render: (_: unknown, row: ScoreBatchRow) =>
            row.released ? (
              <div className="score-batch-released" data-testid={`score-batch-released-${row.id}`}>
                <Tag color="green" className="score-batch-tag">
                  {t('scoreBatchPage.released')}
                </Tag>
                {row.releasedAt && <span className="score-batch-muted score-batch-nowrap">{row.releasedAt}</span>}
              </div>
            ) : (
              <Tag className="score-batch-tag" data-testid={`score-batch-released-${row.id}`}>
                {t('scoreBatchPage.unreleased')}
              </Tag>
            ),
        },
      ]}
      // On a phone the fixed column keeps room for the row's data beside it: its links wrap instead.
      actionsWidth={phone ? 130 : i18n.language === 'en' ? 320 : 240}
      rowActions={(row, { canEdit: mayEdit, canDelete: mayDelete, reload }) => {
        const locked = row.released ? t('scoreBatchPage.releasedLocked') : undefined;
        return (
          <>
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', row })} data-testid={`score-batch-view-${row.id}`}>
              {t('manage.view')}
            </Button>
            {mayEdit && (
              <Tooltip title={locked}>
                <Button type="link" size="small" disabled={row.released} onClick={() => setDialog({ mode: 'edit', row })} data-testid={`score-batch-edit-${row.id}`}>
                  {t('manage.edit')}
                </Button>
              </Tooltip>
            )}
            {mayEdit && !row.released && (
              <Button type="link" size="small" icon={<SendOutlined />} onClick={() => confirmRelease([row], true, reload)} data-testid={`score-batch-release-${row.id}`}>
                {t('scoreBatchPage.release')}
              </Button>
            )}
            {mayEdit && row.released && (
              <Button type="link" size="small" icon={<CloseCircleOutlined />} onClick={() => confirmRelease([row], false, reload)} data-testid={`score-batch-unrelease-${row.id}`}>
                {t('scoreBatchPage.unrelease')}
              </Button>
            )}
            {mayDelete && (
              // The delete button is two elements (its confirm's holder too): the tooltip holds a span around them.
              <Tooltip title={locked}>
                <span className="score-batch-action">
                  <DeleteButton type="link" size="small" disabled={row.released} url={SCORE_BATCH_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`score-batch-delete-${row.id}`} />
                </span>
              </Tooltip>
            )}
          </>
        );
      }}
      data-testid="score-batches-page"
    >
      {({ reload }) => <ScoreBatchDialog dialog={dialog} options={options} onClose={() => setDialog(null)} onSaved={reload} />}
    </ManagePage>
  );
}
