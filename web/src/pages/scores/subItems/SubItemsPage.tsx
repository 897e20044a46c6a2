import { useState } from 'react';
import { Alert, Button, Empty, Select, Space, Spin, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubItemBatch, SubItemRow, SubItemSubject } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { SubItemsDialog, showNumber } from './SubItemsDialog.tsx';
import { fetchSubItemBatch, fetchSubItemBatches, subItemKeys, type SubItemBatchChoice } from './subItemCalls.ts';
import './subItems.css';

/** "2026-2027 first term · Grade 10 · Midterm scores": a batch in the choice. */
export const batchLabel = (batch: Pick<SubItemBatchChoice, 'termName' | 'gradeName' | 'name'>) => [batch.termName, batch.gradeName, batch.name].filter(Boolean).join(' · ');

/** "Listening 30": a part in a tag. */
export const partLabel = (item: Pick<SubItemRow, 'name' | 'maxScore'>) => `${item.name} ${showNumber(item.maxScore)}`;

/** Why a subject's parts cannot change now (a catalogue key), or undefined when they can. */
export function lockedReason(batch: Pick<SubItemBatch, 'released'> & { ended?: boolean }, subject: Pick<SubItemSubject, 'scored'>): string | undefined {
  if (batch.ended) return 'subItemsPage.endedTip';
  if (batch.released) return 'subItemsPage.releasedTip';
  if (subject.scored) return 'subItemsPage.scoredTip';
  return undefined;
}

/**
 * /cjgl/fxcj, Sub-score settings: the parts (listening, reading, writing …) of the subjects of a score
 * batch, whose maxima add up to the subject's full mark; its score is then the sum of the parts entered.
 * A subject without parts is scored as a whole. Parts no longer change once the subject has scores or the
 * batch is released (the server refuses it too).
 */
export default function SubItemsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const batches = useQuery({ queryKey: subItemKeys.batches, queryFn: ({ signal }) => fetchSubItemBatches(signal) });
  const [picked, setPicked] = useState<number | undefined>();
  const list = batches.data ?? [];
  const batchId = picked !== undefined && list.some((batch) => batch.id === picked) ? picked : list[0]?.id;

  return (
    <div className="sub-items-page" data-testid="sub-items-page">
      <div className="sub-items-bar">
        <div className="sub-items-bar-title">{routeTitle(route, i18n.language)}</div>
        <div className="sub-items-batch">
          <span className="sub-items-batch-label">{t('subItemsPage.batch')}</span>
          <Select<number>
            value={batchId}
            loading={batches.isPending}
            disabled={!list.length}
            showSearch={{ optionFilterProp: 'title' }}
            placeholder={t('subItemsPage.batchPlaceholder')}
            options={list.map((batch) => ({
              value: batch.id,
              title: batchLabel(batch),
              label: (
                <span className="sub-items-option">
                  <span className="sub-items-option-name">{batchLabel(batch)}</span>
                  {batch.released && (
                    <Tag color="green" className="sub-items-tag">
                      {t('subItemsPage.released')}
                    </Tag>
                  )}
                </span>
              ),
            }))}
            onChange={(value) => setPicked(value)}
            className="sub-items-batch-select"
            aria-label={t('subItemsPage.batch')}
            data-testid="sub-items-batch"
          />
        </div>
      </div>
      <section className="sub-items-section">
        {batches.isPending ? (
          <div className="sub-items-loading">
            <Spin />
          </div>
        ) : batches.isError ? (
          <Empty description={t('subItemsPage.loadFailed')}>
            <Button onClick={() => void batches.refetch()}>{t('subItemsPage.retry')}</Button>
          </Empty>
        ) : batchId === undefined ? (
          <Empty description={t('subItemsPage.noBatches')} data-testid="sub-items-no-batches" />
        ) : (
          <BatchSubjects key={batchId} batchId={batchId} />
        )}
      </section>
    </div>
  );
}

/** The subjects of one batch with their parts, and the dialog that sets them. */
function BatchSubjects({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const batch = useQuery({ queryKey: subItemKeys.batch(batchId), queryFn: ({ signal }) => fetchSubItemBatch(batchId, signal) });
  const [editing, setEditing] = useState<SubItemSubject | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: subItemKeys.batch(batchId) });

  if (batch.isPending) {
    return (
      <div className="sub-items-loading">
        <Spin />
      </div>
    );
  }
  if (!batch.data) {
    return (
      <Empty description={t('subItemsPage.loadFailed')}>
        <Button onClick={() => void batch.refetch()}>{t('subItemsPage.retry')}</Button>
      </Empty>
    );
  }
  const row = batch.data;

  const columns: TableColumnsType<SubItemSubject> = [
    { key: 'courseName', dataIndex: 'courseName', title: t('subItemsPage.col.subject'), width: 140 },
    {
      key: 'fullMark',
      dataIndex: 'fullMark',
      title: t('subItemsPage.col.fullMark'),
      width: 90,
      align: 'right',
      render: (value: number) => <span className="sub-items-number">{showNumber(value)}</span>,
    },
    {
      key: 'parts',
      title: t('subItemsPage.col.parts'),
      width: 320,
      render: (_: unknown, subject) =>
        subject.items.length ? (
          <div className="sub-items-tags" data-testid={`sub-items-parts-${subject.courseId}`}>
            {subject.items.map((item) => (
              <Tag key={item.id || item.name} className="sub-items-tag sub-items-part">
                {partLabel(item)}
              </Tag>
            ))}
          </div>
        ) : (
          <span className="sub-items-muted" data-testid={`sub-items-parts-${subject.courseId}`}>
            —
          </span>
        ),
    },
    {
      key: 'state',
      title: t('subItemsPage.col.state'),
      width: 220,
      render: (_: unknown, subject) => (
        <div className="sub-items-tags" data-testid={`sub-items-state-${subject.courseId}`}>
          {subject.items.length ? (
            <Tag color="blue" className="sub-items-tag">
              {t('subItemsPage.partCount', { count: subject.items.length })}
            </Tag>
          ) : (
            <Tag className="sub-items-tag">{t('subItemsPage.whole')}</Tag>
          )}
          {subject.scored && (
            <Tag color="orange" className="sub-items-tag" data-testid={`sub-items-locked-${subject.courseId}`}>
              {t('subItemsPage.locked')}
            </Tag>
          )}
          {row.released && (
            <Tag color="green" className="sub-items-tag">
              {t('subItemsPage.released')}
            </Tag>
          )}
          {row.ended && <Tag className="sub-items-tag">{t('subItemsPage.ended')}</Tag>}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('subItemsPage.col.actions'),
      width: phone ? 100 : 130,
      fixed: 'right',
      render: (_: unknown, subject) => {
        const reason = lockedReason(row, subject);
        return (
          // A disabled button takes no pointer: the tooltip holds a span around it.
          <Tooltip title={reason ? t(reason) : undefined}>
            <span className="sub-items-action" data-testid={`sub-items-action-${subject.courseId}`}>
              <Button
                type="link"
                size="small"
                icon={<SettingOutlined />}
                disabled={!!reason}
                onClick={() => setEditing(subject)}
                data-testid={`sub-items-edit-${subject.courseId}`}
              >
                {t('subItemsPage.setParts')}
              </Button>
            </span>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <>
      <p className="sub-items-muted sub-items-intro">{t('subItemsPage.intro')}</p>
      {row.released && <Alert type="info" showIcon title={t('subItemsPage.releasedNote', { name: row.name })} data-testid="sub-items-released" />}
      <div data-testid="sub-items-table">
        <Table<SubItemSubject>
          rowKey="courseId"
        size="middle"
        pagination={false}
        dataSource={row.subjects}
        columns={columns}
        loading={batch.isFetching}
        scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('subItemsPage.noSubjects')} /> }}
        />
      </div>
      <Space className="sub-items-summary" wrap>
        <span className="sub-items-muted">{t('subItemsPage.summary', { count: row.subjects.length, parted: row.subjects.filter((subject) => subject.items.length).length })}</span>
      </Space>
      <SubItemsDialog batchId={batchId} subject={editing} onClose={() => setEditing(null)} onSaved={reload} onRefused={reload} />
    </>
  );
}
