import { useEffect, useState, type Key } from 'react';
import { Button, Form, Input, Radio, Space, Table, Tag, type TableColumnsType } from 'antd';
import { FolderOpenOutlined, ImportOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DRAFT_NAME_MAX, draftFormSchema, type ArrangeOptions, type DraftForm, type DraftRow } from '@campus/contract';
import { ARRANGE_CALLS, createDraft, fetchDraftPage } from '../../../api/timetableArrange.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { Pagination } from '../../../components/PagedTable/index.ts';
import { schemaRule } from '../changes/parts.tsx';
import { FetImportDialog } from './FetImportDialog.tsx';
import { DraftStatusTag, confirmPublish } from './parts.tsx';

export interface DraftsTabProps {
  termId: number;
  /** The term's grades, classes, teachers and rooms: what a FET file's names are matched to. */
  options: ArrangeOptions;
  /** Opens a draft in the editor. */
  onOpen: (id: number) => void;
  english: boolean;
}

/** The drafts list is read again this often while one of its drafts is generating. */
const LIST_POLL_MS = 3000;

/**
 * A term's drafts, newest first: a new one (empty or a copy of the published timetable), opened in the
 * editor, published after its conflicts were shown, the ticked ones deleted. (The page call answers `list`
 * rather than the paged convention's `rows`, so the table is Ant Design's with the shared pagination bar.)
 */
export function DraftsTab({ termId, options, onOpen, english }: DraftsTabProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [selected, setSelected] = useState<Key[]>([]);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const drafts = useQuery({
    queryKey: ['timetableArrange', 'drafts', termId, paging.page, paging.pageSize],
    queryFn: ({ signal }) => fetchDraftPage({ termId, ...paging }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some((row) => row.status === 'generating') ? LIST_POLL_MS : false),
  });
  const rows = drafts.data?.rows ?? [];
  const total = drafts.data?.total ?? 0;
  // An empty page beyond the first (after deleting its drafts) steps back one page.
  const stepBack = drafts.isSuccess && !drafts.isPlaceholderData && rows.length === 0 && paging.page > 1;
  useEffect(() => {
    if (stepBack) setPaging((current) => ({ ...current, page: Math.max(1, current.page - 1) }));
  }, [stepBack]);

  const reload = () => {
    void client.invalidateQueries({ queryKey: ['timetableArrange', 'drafts'] });
    void client.invalidateQueries({ queryKey: ['timetableArrange', 'draft'] });
  };

  const columns: TableColumnsType<DraftRow> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('arrangeUi.col.name'),
      width: 240,
      render: (name: string, row) => (
        <Space size={6} wrap>
          <Button type="link" className="arrange-link" onClick={() => onOpen(row.id)} data-testid={`arrange-draft-name-${row.id}`}>
            {name}
          </Button>
          {row.source === 'fet' && (
            <Tag color="geekblue" className="arrange-tag" title={t('arrangeUi.fet.sourceTitle')} data-testid={`arrange-draft-fet-${row.id}`}>
              {t('arrangeUi.fet.sourceTag')}
            </Tag>
          )}
        </Space>
      ),
    },
    { key: 'status', dataIndex: 'status', title: t('arrangeUi.col.status'), width: english ? 120 : 100, render: (status: DraftRow['status'], row) => <DraftStatusTag status={status} testId={`arrange-draft-status-${row.id}`} /> },
    { key: 'lessonCount', dataIndex: 'lessonCount', title: t('arrangeUi.col.lessons'), width: 90, align: 'right' },
    {
      key: 'unplacedCount',
      dataIndex: 'unplacedCount',
      title: t('arrangeUi.col.unplaced'),
      width: english ? 130 : 100,
      align: 'right',
      render: (count: number) => (count > 0 ? <Tag color="red" className="arrange-tag">{count}</Tag> : count),
    },
    { key: 'createdByName', dataIndex: 'createdByName', title: t('arrangeUi.col.creator'), width: 110 },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('arrangeUi.col.createdAt'), width: 150 },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('arrangeUi.col.updatedAt'), width: 150 },
    { key: 'publishedAt', dataIndex: 'publishedAt', title: t('arrangeUi.col.publishedAt'), width: 150, render: (value: string | null) => value ?? '—' },
    {
      key: '__actions',
      title: t('manage.actions'),
      fixed: 'right',
      width: english ? 190 : 160,
      render: (_: unknown, row) => (
        <Space size={0} wrap className="manage-row-actions">
          <Button type="link" size="small" icon={<FolderOpenOutlined />} onClick={() => onOpen(row.id)} data-testid={`arrange-draft-open-${row.id}`}>
            {t('arrangeUi.open')}
          </Button>
          {row.status === 'editing' && (
            <Button type="link" size="small" icon={<SendOutlined />} onClick={() => void confirmPublish(t, row, reload)} data-testid={`arrange-draft-publish-${row.id}`}>
              {t('arrangeUi.publish')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="arrange-drafts" data-testid="arrange-drafts">
      <div className="manage-toolbar">
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="arrange-draft-add">
            {t('arrangeUi.newDraft')}
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="arrange-fet-import">
            {t('arrangeUi.fet.button')}
          </Button>
          <DeleteButton
            url={ARRANGE_CALLS.draftsDelete}
            param={{ ids: selected }}
            text={t('arrangeUi.deleteConfirm', { count: selected.length })}
            beforeConfirm={() => {
              if (selected.length) return true;
              feedback().message.warning(t('common.selectNone'));
              return false;
            }}
            onSuccess={() => {
              setSelected([]);
              reload();
            }}
            data-testid="arrange-draft-delete"
          >
            {t('manage.batchDelete')}
          </DeleteButton>
        </Space>
      </div>
      <div className="campus-paged-table">
        <Table<DraftRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={drafts.isFetching && !drafts.isRefetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys), getCheckboxProps: (row) => ({ disabled: row.status === 'generating' }) }}
          data-testid="arrange-draft-table"
        />
        <Pagination
          current={paging.page}
          pageSize={paging.pageSize}
          total={total}
          onChange={(page, pageSize) => {
            setSelected([]);
            setPaging((current) => (pageSize !== current.pageSize ? { page: 1, pageSize } : { page, pageSize }));
          }}
        />
      </div>
      <NewDraftDialog
        open={creating}
        termId={termId}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          reload();
          if (id) onOpen(id);
        }}
      />
      <FetImportDialog
        open={importing}
        termId={termId}
        options={options}
        onClose={() => setImporting(false)}
        onImported={(id) => {
          // New classes, courses and rooms, the teachers' unavailable periods and the draft: everything of the page is read again.
          void client.invalidateQueries({ queryKey: ['timetableArrange'] });
          onOpen(id);
        }}
      />
    </div>
  );
}

type NewDraftValues = Pick<DraftForm, 'name' | 'from'>;

/** A new draft: its name (50 characters at most) and what it starts from. */
function NewDraftDialog({ open, termId, onClose, onCreated }: { open: boolean; termId: number; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog<NewDraftValues>
      open={open}
      mode="add"
      title={t('arrangeUi.newDraft')}
      initialValues={{ from: 'published' }}
      width={520}
      okText={t('arrangeUi.create')}
      onClose={onClose}
      onSubmit={async (values) => {
        const { msg, data } = await createDraft({ termId, name: values.name.trim(), from: values.from });
        feedback().message.success(msg || t('arrange.created'));
        onCreated(data?.id ?? 0);
      }}
      data-testid="arrange-draft-dialog"
    >
      {(form) => (
        <>
          <Form.Item
            name="name"
            label={t('arrangeUi.col.name')}
            required
            rules={[schemaRule(draftFormSchema, () => ({ termId, from: 'published', name: form.getFieldValue('name') ?? '' }), ['name'])]}
          >
            <Input maxLength={DRAFT_NAME_MAX} showCount placeholder={t('arrangeUi.namePlaceholder')} data-testid="arrange-draft-name" />
          </Form.Item>
          <Form.Item name="from" label={t('arrangeUi.from')}>
            <Radio.Group data-testid="arrange-draft-from">
              <Radio value="published" data-testid="arrange-draft-from-published">
                {t('arrangeUi.fromPublished')}
              </Radio>
              <Radio value="empty" data-testid="arrange-draft-from-empty">
                {t('arrangeUi.fromEmpty')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
