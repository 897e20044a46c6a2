import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Progress, Space, Spin, Tag, Typography, type ButtonProps } from 'antd';
import { ClearOutlined, ReloadOutlined, SaveOutlined, SendOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShiftBatchRow, ShiftBlocks } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { FORMATION_POLL_MS, fetchBlocks, fetchCourses, formClasses, publishClasses, saveBlocks, shiftKeys } from '../../../api/shiftClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { WeekTable, parseSlot, slotKey } from '../../../components/WeekTable/index.ts';
import { FormationReportView } from './FormationReport.tsx';
import { BatchPage, blockColour } from './parts.tsx';

/**
 * /zbgl/pkzbjgl?batchId=, blocks and formation: which periods of the week each time block holds (a days × periods grid,
 * one colour per block), the formation of the classes as background work with its progress and report, and
 * the publishing of the classes as teaching classes.
 */
export default function BlocksPage(props: PageProps) {
  return (
    <BatchPage {...props} page="blocks">
      {(batch) => <Blocks batch={batch} />}
    </BatchPage>
  );
}

function Blocks({ batch }: { batch: ShiftBatchRow }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const blocks = useQuery({
    queryKey: shiftKeys.blocks(batch.id),
    queryFn: ({ signal }) => fetchBlocks(batch.id, signal),
    // While the classes are being formed the blocks are read again and again for the progress.
    refetchInterval: (query) => (query.state.data?.batch.formationStatus === 'running' ? FORMATION_POLL_MS : false),
  });
  const status = blocks.data?.batch.formationStatus;

  // A formation that has just finished changed the classes, the students' places and the batch's state.
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'running' && status && status !== 'running') {
      void client.invalidateQueries({ queryKey: shiftKeys.batch(batch.id) });
      void client.invalidateQueries({ queryKey: shiftKeys.batchList });
    }
    previous.current = status;
  }, [status, client, batch.id]);

  if (blocks.isPending) {
    return (
      <div className="elective-loading">
        <Spin />
      </div>
    );
  }
  if (blocks.isError || !blocks.data) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('shiftUi.loadFailed')}
        action={
          <Button size="small" onClick={() => void blocks.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return <BlocksBody data={blocks.data} />;
}

function BlocksBody({ data }: { data: ShiftBlocks }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const batch = data.batch;
  const running = batch.formationStatus === 'running';
  const refresh = () => {
    void client.invalidateQueries({ queryKey: shiftKeys.batch(batch.id) });
    void client.invalidateQueries({ queryKey: shiftKeys.batchList });
  };
  const progress = data.progress;
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  // The grid starts again from what the server holds whenever that changes.
  const saved = useMemo(() => data.periodsOfBlocks.map((item) => `${item.block}@${slotKey(item)}`).join(','), [data.periodsOfBlocks]);
  const [dirty, setDirty] = useState(false);

  const confirmForm = () => {
    feedback().modal.confirm({
      title: t('shiftUi.blocks.formTitle', { name: batch.name }),
      content: <div data-testid="shift-form-confirm">{t(batch.formationStatus === 'none' ? 'shiftUi.blocks.formConfirm' : 'shiftUi.blocks.formAgainConfirm')}</div>,
      okText: t('shiftUi.blocks.form'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'shift-form-ok' } as ButtonProps,
      onOk: async () => {
        try {
          const { msg } = await formClasses(batch.id);
          feedback().message.success(msg || t('shift.formationQueued'));
        } catch {
          // Refused (no choice yet, a block short of periods): the request client has shown the server's message.
        } finally {
          refresh();
        }
      },
    });
  };

  const confirmPublish = () => {
    feedback().modal.confirm({
      title: t('shiftUi.blocks.publishTitle', { name: batch.name }),
      content: <div data-testid="shift-publish-confirm">{t('shiftUi.blocks.publishConfirm', { classes: batch.classCount })}</div>,
      okText: t('shiftUi.blocks.publish'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'shift-publish-ok' } as ButtonProps,
      onOk: async () => {
        try {
          const { msg } = await publishClasses(batch.id);
          feedback().message.success(msg || t('shift.publishedDone'));
        } catch {
          // Refused: the request client has shown the server's message.
        } finally {
          refresh();
        }
      },
    });
  };

  return (
    <div className="shift-page" data-testid="shift-blocks" data-formation={batch.formationStatus}>
      <section className="shift-panel">
        <div className="shift-bar">
          <span className="shift-panel-title">{t('shiftUi.blocks.formation')}</span>
          <Typography.Text type="secondary" className="elective-small">
            {t('shiftUi.blocks.sizes', { min: batch.minClassSize, max: batch.maxClassSize, blocks: batch.blockCount, mode: t(`shiftUi.mode.${batch.mode}`) })}
          </Typography.Text>
          <span className="shift-bar-spacer" />
          <Space wrap>
            <Button type="primary" icon={<ThunderboltOutlined />} disabled={running || dirty} onClick={confirmForm} title={dirty ? t('shiftUi.blocks.saveFirst') : undefined} data-testid="shift-form">
              {t(batch.formationStatus === 'none' ? 'shiftUi.blocks.form' : 'shiftUi.blocks.formAgain')}
            </Button>
            <Button icon={<SendOutlined />} disabled={batch.formationStatus !== 'formed'} onClick={confirmPublish} data-testid="shift-publish">
              {t('shiftUi.blocks.publish')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('shiftUi.refresh')} title={t('shiftUi.refresh')} data-testid="shift-blocks-refresh" />
          </Space>
        </div>
        {running && (
          <div className="shift-progress" data-testid="shift-progress">
            <Typography.Text>{t('shiftUi.blocks.running', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}</Typography.Text>
            <Progress percent={percent} status="active" />
          </div>
        )}
        {batch.formationStatus === 'published' && <Alert type="success" showIcon title={t('shiftUi.blocks.publishedNote')} data-testid="shift-published-note" />}
        {data.report && !running ? (
          <FormationReportView report={data.report} />
        ) : (
          !running && (
            <Typography.Text type="secondary" data-testid="shift-no-report">
              {t('shiftUi.blocks.noReport')}
            </Typography.Text>
          )
        )}
      </section>
      <BlockGrid key={saved} data={data} disabled={running} onDirty={setDirty} />
    </div>
  );
}

/** The days × periods grid: pick a block (or the eraser), then click periods; saved as a whole. */
function BlockGrid({ data, disabled, onDirty }: { data: ShiftBlocks; disabled: boolean; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const batch = data.batch;
  const courses = useQuery({ queryKey: shiftKeys.courses(batch.id), queryFn: ({ signal }) => fetchCourses(batch.id, signal) });
  const initial = useMemo(() => new Map(data.periodsOfBlocks.map((item) => [slotKey(item), item.block])), [data.periodsOfBlocks]);
  const [cells, setCells] = useState<Map<string, number>>(initial);
  const [brush, setBrush] = useState(1);
  const [saving, setSaving] = useState(false);
  const blockNumbers = Array.from({ length: batch.blockCount }, (_, index) => index + 1);
  const need = Math.max(0, ...(courses.data ?? []).map((course) => course.weeklyHours));
  const counts = blockNumbers.map((block) => [...cells.values()].filter((value) => value === block).length);
  const changed = cells.size !== initial.size || [...cells].some(([key, block]) => initial.get(key) !== block);
  useEffect(() => onDirty(changed), [changed, onDirty]);

  const paint = (key: string) =>
    setCells((current) => {
      const next = new Map(current);
      // The eraser (0), or a second click with the same block, frees the period.
      if (brush === 0 || next.get(key) === brush) next.delete(key);
      else next.set(key, brush);
      return next;
    });

  const save = async () => {
    setSaving(true);
    try {
      const periods = [...cells].flatMap(([key, block]) => {
        const slot = parseSlot(key);
        return slot ? [{ block, ...slot }] : [];
      });
      const { msg } = await saveBlocks(batch.id, periods);
      feedback().message.success(msg || t('shift.saved'));
      await client.invalidateQueries({ queryKey: shiftKeys.blocks(batch.id) });
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="shift-panel" data-testid="shift-block-editor">
      <div className="shift-bar">
        <span className="shift-panel-title">{t('shiftUi.blocks.title')}</span>
        <Typography.Text type="secondary" className="elective-small">
          {t('shiftUi.blocks.hint', { hours: need })}
        </Typography.Text>
      </div>
      <div className="shift-palette" role="radiogroup" aria-label={t('shiftUi.blocks.brush')}>
        {blockNumbers.map((block) => (
          <Button
            key={block}
            size="small"
            role="radio"
            aria-checked={brush === block}
            className={`shift-palette-item ${blockColour(block)}${brush === block ? ' is-active' : ''}`}
            onClick={() => setBrush(block)}
            disabled={disabled}
            data-testid={`shift-brush-${block}`}
          >
            {t('shiftUi.blockN', { block })}
          </Button>
        ))}
        <Button
          size="small"
          role="radio"
          aria-checked={brush === 0}
          icon={<ClearOutlined />}
          className={`shift-palette-item${brush === 0 ? ' is-active' : ''}`}
          onClick={() => setBrush(0)}
          disabled={disabled}
          data-testid="shift-brush-0"
        >
          {t('shiftUi.blocks.eraser')}
        </Button>
      </div>
      <div className="shift-block-counts" data-testid="shift-block-counts">
        {blockNumbers.map((block, index) => (
          <span key={block} className={need && counts[index]! < need ? 'shift-block-short' : undefined} data-testid={`shift-block-count-${block}`}>
            {t('shiftUi.blocks.count', { block, count: counts[index], need })}
          </span>
        ))}
      </div>
      <WeekTable
        days={data.days}
        periods={data.periods}
        corner={t('shiftUi.blocks.period')}
        wrapClassName="shift-grid-wrap"
        cornerClassName="shift-grid-period"
        periodClassName="shift-grid-period"
        className="shift-grid"
        data-testid="shift-grid"
        renderCell={({ day, period, key }) => {
          const block = cells.get(key);
          return {
            content: (
              <button
                type="button"
                className={`shift-cell${block ? ` is-assigned ${blockColour(block)}` : ''}`}
                disabled={disabled}
                onClick={() => paint(key)}
                aria-label={t('shiftUi.blocks.cell', { day: day.name, period: period.name })}
                data-testid={`shift-cell-${key}`}
                data-block={block ?? 0}
              >
                {block ? t('shiftUi.blockN', { block }) : '·'}
              </button>
            ),
          };
        }}
      />
      <Space wrap>
        <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={disabled || !changed} onClick={() => void save()} data-testid="shift-blocks-save">
          {t('manage.save')}
        </Button>
        <Button disabled={disabled || !changed} onClick={() => setCells(initial)} data-testid="shift-blocks-undo">
          {t('shiftUi.blocks.undo')}
        </Button>
        {changed && <Tag color="warning">{t('shiftUi.blocks.unsaved')}</Tag>}
      </Space>
    </section>
  );
}
