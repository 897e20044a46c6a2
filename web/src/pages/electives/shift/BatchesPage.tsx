import { useState } from 'react';
import { Button, Form, Select, Spin } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SHIFT_BATCH_STATUSES, SHIFT_PERMISSIONS, type ShiftBatchRow, type ShiftBatchStatus, type ShiftOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { EMPTY_SHIFT_OPTIONS, SHIFT_CALLS, fetchShiftOptions, shiftKeys } from '../../../api/shiftClasses.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { byName } from '../common/parts.tsx';
import { BatchDialog } from './BatchForm.tsx';
import { BATCH_PAGES, BatchStatusTag, FormationTag, batchPageUrl, windowText } from './parts.tsx';

interface SearchForm {
  termId?: number;
  gradeId?: number;
  status?: ShiftBatchStatus;
}

const toSearch = (values: SearchForm) => ({ termId: values.termId ?? '', gradeId: values.gradeId ?? '', status: values.status ?? '' });

/**
 * /zbgl/zbpc, class shifting: a grade's choice rounds (batches) with their window, state and counts, added, changed and
 * deleted here; each row opens the batch's five pages (subjects, students, blocks, classes, class students).
 */
export default function BatchesPage({ route }: PageProps) {
  const options = useQuery({ queryKey: shiftKeys.options, queryFn: ({ signal }) => fetchShiftOptions(signal) });
  if (options.isPending) {
    return (
      <div className="elective-loading">
        <Spin />
      </div>
    );
  }
  return <Batches route={route} options={options.data ?? EMPTY_SHIFT_OPTIONS} />;
}

function Batches({ route, options }: PageProps & { options: ShiftOptions }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const navigate = useNavigate();
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ row: ShiftBatchRow | null } | null>(null);
  const permission = SHIFT_PERMISSIONS.manage;

  return (
    <ManagePage<ShiftBatchRow, SearchForm>
      permission={permission}
      editPermission={permission}
      deletePermission={permission}
      listUrl={SHIFT_CALLS.batchesPage}
      deleteUrl={SHIFT_CALLS.batchesDelete}
      title={routeTitle(route, i18n.language)}
      toSearch={toSearch}
      onAdd={() => setEditing({ row: null })}
      searchFields={() => (
        <>
          <Form.Item name="termId" label={t('shiftUi.col.term')}>
            <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 200 }} data-testid="shift-batches-term" />
          </Form.Item>
          <Form.Item name="gradeId" label={t('shiftUi.col.grade')}>
            <Select allowClear options={byName(options.grades)} placeholder={t('manage.all')} style={{ width: 120 }} data-testid="shift-batches-grade" />
          </Form.Item>
          <Form.Item name="status" label={t('shiftUi.col.status')}>
            <Select
              allowClear
              options={SHIFT_BATCH_STATUSES.map((status) => ({ value: status, label: t(`shift.status.${status}`) }))}
              placeholder={t('manage.all')}
              style={{ width: 130 }}
              data-testid="shift-batches-status"
            />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('shiftUi.col.name'), width: 140, render: (name: string, row) => <span className="elective-strong" data-testid={`shift-batch-name-${row.id}`}>{name}</span> },
        {
          key: 'term',
          title: t('shiftUi.col.termGrade'),
          width: 140,
          render: (_: unknown, row) => (
            <div className="elective-name-cell">
              <span>{row.termName}</span>
              <span className="elective-small elective-muted">{row.gradeName}</span>
            </div>
          ),
        },
        {
          key: 'scheme',
          title: t('shiftUi.col.scheme'),
          width: english ? 110 : 80,
          render: (_: unknown, row) => (
            <div className="elective-name-cell">
              <span>{t(`shiftUi.scheme.${row.scheme}`)}</span>
              <span className="elective-small elective-muted">{t(`shiftUi.mode.${row.mode}`)}</span>
            </div>
          ),
        },
        {
          key: 'window',
          title: t('shiftUi.col.window'),
          width: 135,
          render: (_: unknown, row) => <span className="elective-small">{windowText(row.choiceStart, row.choiceEnd)}</span>,
        },
        {
          key: 'status',
          title: t('shiftUi.col.status'),
          width: english ? 110 : 80,
          render: (_: unknown, row) => (
            <div className="elective-name-cell">
              <BatchStatusTag status={row.status} testId={`shift-batch-status-${row.id}`} />
              <FormationTag status={row.formationStatus} testId={`shift-batch-formation-${row.id}`} />
            </div>
          ),
        },
        {
          key: 'counts',
          title: t('shiftUi.col.counts'),
          width: english ? 140 : 120,
          render: (_: unknown, row) => (
            <div className="elective-small" data-testid={`shift-batch-counts-${row.id}`}>
              <div>{t('shiftUi.batch.subjects', { count: row.courseCount })}</div>
              <div>{t('shiftUi.batch.chosenOf', { chosen: row.chosenCount, students: row.studentCount })}</div>
              <div>{t('shiftUi.batch.classes', { count: row.classCount })}</div>
              {row.pendingChanges > 0 && <div className="elective-full">{t('shiftUi.batch.pending', { count: row.pendingChanges })}</div>}
            </div>
          ),
        },
      ]}
      actionsWidth={english ? 250 : 230}
      rowActions={(row, context) => (
        <div className="shift-links">
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ row })} data-testid={`shift-batch-edit-${row.id}`}>
            {t('manage.edit')}
          </Button>
          <DeleteButton
            url={SHIFT_CALLS.batchesDelete}
            param={{ ids: [row.id] }}
            type="link"
            size="small"
            onSuccess={() => {
              context.reload();
              void client.invalidateQueries({ queryKey: shiftKeys.all });
            }}
            data-testid={`shift-batch-delete-${row.id}`}
          />
          <span className="shift-links-break" />
          {BATCH_PAGES.map((item) => (
            <Button key={item.key} type="link" size="small" onClick={() => void navigate(batchPageUrl(item.url, row.id))} data-testid={`shift-open-${item.key}-${row.id}`}>
              {t(`shiftUi.page.${item.key}`)}
            </Button>
          ))}
        </div>
      )}
      data-testid="shift-batches"
    >
      {({ reload }) => (
        <BatchDialog
          open={!!editing}
          row={editing?.row ?? null}
          options={options}
          onClose={() => setEditing(null)}
          onSaved={() => {
            reload();
            void client.invalidateQueries({ queryKey: ['shiftClasses', 'batch'] });
            void client.invalidateQueries({ queryKey: shiftKeys.batchList });
          }}
        />
      )}
    </ManagePage>
  );
}
