import { useMemo, useState } from 'react';
import { Button, Form, Input, Popconfirm, Select } from 'antd';
import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STATUSES, ROLL_CHANGE_EFFECTS, ROLL_CHANGE_KINDS, type ApplicationStatus, type RollChangeEffect, type RollChangeKind, type RollChangeRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ROLL_CHANGE_CALLS, createRollChange, fetchRollClasses, withdrawRollChange, type RollChangeSearch } from '../../../api/roll.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { useLinkedItem } from '../../homeSchool/common/receivedItems.ts';
import { ClassMove, EffectTag, KindTag, StatusCell, minuteTime } from './RollParts.tsx';
import { RollChangeForm, rollChangeBody, rollChangeFormValues, type RollChangeFormValues } from './RollChangeForm.tsx';
import { RollChangeDetail, rollChangeKey, type RollStudentRef } from './RollChangeDetail.tsx';
import { RollHistoryPanel } from './RollHistory.tsx';
import '../../../components/ManagePage/managePage.css';
import './rollChanges.css';

interface SearchForm {
  keyword?: string;
  kind?: RollChangeKind;
  status?: ApplicationStatus;
  effect?: RollChangeEffect;
  classId?: number;
}

const toSearch = (values: SearchForm): RollChangeSearch => ({
  keyword: values.keyword?.trim() ?? '',
  kind: values.kind ?? '',
  status: values.status ?? '',
  effect: values.effect ?? '',
  classId: values.classId ?? '',
});

/**
 * /xjgl/xjyd, School roll changes: a class teacher (their classes' students) or the academic office (every
 * student) files a change — insert into class, transfer out, suspend, resume — for approval (Application review, /sqsp/sqsh), and
 * follows it: the list with its filters, the detail with the photo and the approval trail, withdraw while
 * pending, and a student's history. A message's link (`?id=`) opens that change.
 */
export default function RollChangesPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const client = useQueryClient();
  const table = usePagedTable<RollChangeRow>();
  const [openId, setOpenId] = useLinkedItem(route.path);
  const [filing, setFiling] = useState(false);
  const [historyOf, setHistoryOf] = useState<RollStudentRef | null>(null);
  // The row a change was opened from (or the list's, for a link): the detail falls back on it.
  const [openRow, setOpenRow] = useState<RollChangeRow | null>(null);
  const [rows, setRows] = useState<RollChangeRow[]>([]);
  const classes = useQuery({ queryKey: ['roll', 'classes'], queryFn: ({ signal }) => fetchRollClasses(signal) });
  const initialValues = useMemo(() => (filing ? rollChangeFormValues() : undefined), [filing]);

  const changed = () => {
    table.current?.reload();
    void client.invalidateQueries({ queryKey: ['roll', 'history'] });
    void client.invalidateQueries({ queryKey: ['roll', 'classes'] });
  };

  const file = async (values: RollChangeFormValues) => {
    const answer = await createRollChange(rollChangeBody(values));
    feedback().message.success(answer.msg || t('application.status.pending'));
    changed();
  };

  const withdraw = async (row: RollChangeRow) => {
    try {
      const msg = await withdrawRollChange(row.id);
      feedback().message.success(msg || t('application.status.withdrawn'));
      changed();
      void client.invalidateQueries({ queryKey: rollChangeKey(row.id) });
    } catch {
      // The request client has shown why (e.g. decided meanwhile).
    }
  };

  const open = (row: RollChangeRow) => {
    setHistoryOf(null);
    setOpenRow(row);
    setOpenId(row.id);
  };
  const shownRow = openRow?.id === openId ? openRow : rows.find((row) => row.id === openId);
  const showHistory = (student: RollStudentRef) => {
    setOpenId(null);
    setHistoryOf(student);
  };

  const columns: PagedColumn<RollChangeRow>[] = [
    {
      key: 'student',
      title: t('rollChanges.student'),
      width: 120,
      render: (_: unknown, row) => (
        <span className="roll-cell">
          <Button type="link" size="small" className="roll-link" onClick={() => open(row)} data-testid={`roll-open-${row.id}`}>
            {row.studentName}
          </Button>
          <span className="roll-muted">{row.studentNumber}</span>
        </span>
      ),
    },
    { key: 'kind', title: t('rollChanges.kind'), width: 90, render: (_: unknown, row) => <KindTag kind={row.kind} /> },
    { key: 'classes', title: t('rollChanges.classes'), width: 190, render: (_: unknown, row) => <ClassMove from={row.fromClassName} to={row.toClassName} /> },
    { key: 'effectiveDate', dataIndex: 'effectiveDate', title: t('rollChanges.effectiveDate'), width: 110 },
    { key: 'status', title: t('rollChanges.status'), width: 150, render: (_: unknown, row) => <StatusCell row={row} /> },
    { key: 'effect', title: t('rollChanges.effect'), width: 90, render: (_: unknown, row) => <EffectTag effect={row.effect} /> },
    { key: 'school', dataIndex: 'school', title: t('rollChanges.school'), width: 150, ellipsis: true },
    { key: 'applicantName', dataIndex: 'applicantName', title: t('rollChanges.filer'), width: 100 },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('rollChanges.filedAt'), width: 140, render: (value: string) => minuteTime(value) },
    {
      key: 'actions',
      title: t('application.actions'),
      width: i18n.language === 'en' ? 240 : 210,
      fixed: phone ? undefined : 'right',
      render: (_: unknown, row) => (
        <span className="roll-actions">
          <Button type="link" size="small" onClick={() => open(row)} data-testid={`roll-view-${row.id}`}>
            {t('rollChanges.view')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<HistoryOutlined />}
            onClick={() => showHistory({ id: row.studentId, name: row.studentName, studentNumber: row.studentNumber })}
            data-testid={`roll-history-${row.id}`}
          >
            {t('rollChanges.history')}
          </Button>
          {row.canWithdraw && (
            <Popconfirm
              title={t('rollChanges.withdrawConfirm')}
              okText={t('application.withdrawOk')}
              cancelText={t('application.keep')}
              okButtonProps={{ danger: true }}
              onConfirm={() => withdraw(row)}
            >
              <Button type="link" size="small" danger data-testid={`roll-withdraw-${row.id}`}>
                {t('application.withdraw')}
              </Button>
            </Popconfirm>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="manage-page roll-page" data-testid="roll-changes-page">
      <QueryHeader<SearchForm>
        title={routeTitle(route, i18n.language)}
        onSearch={(values) => table.current?.search({ ...toSearch(values) })}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setFiling(true)} data-testid="roll-new">
            {t('rollChanges.new')}
          </Button>
        }
      >
        <Form.Item name="keyword" label={t('rollChanges.keyword')}>
          <Input allowClear maxLength={50} placeholder={t('rollChanges.keywordHint')} data-testid="roll-search-keyword" />
        </Form.Item>
        <Form.Item name="kind" label={t('rollChanges.kind')}>
          <Select<RollChangeKind>
            allowClear
            options={ROLL_CHANGE_KINDS.map((value) => ({ value, label: t(`roll.kind.${value}`) }))}
            placeholder={t('manage.all')}
            style={{ width: 130 }}
            data-testid="roll-search-kind"
          />
        </Form.Item>
        <Form.Item name="status" label={t('rollChanges.status')}>
          <Select<ApplicationStatus>
            allowClear
            options={APPLICATION_STATUSES.map((value) => ({ value, label: t(`application.status.${value}`) }))}
            placeholder={t('manage.all')}
            style={{ width: 130 }}
            data-testid="roll-search-status"
          />
        </Form.Item>
        <Form.Item name="effect" label={t('rollChanges.effect')}>
          <Select<RollChangeEffect>
            allowClear
            options={ROLL_CHANGE_EFFECTS.map((value) => ({ value, label: t(`rollChanges.effect.${value}`) }))}
            placeholder={t('manage.all')}
            style={{ width: 130 }}
            data-testid="roll-search-effect"
          />
        </Form.Item>
        <Form.Item name="classId" label={t('rollChanges.class')}>
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(classes.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
            placeholder={t('manage.all')}
            style={{ width: 150 }}
            data-testid="roll-search-class"
          />
        </Form.Item>
      </QueryHeader>
      <PagedTable<RollChangeRow>
        ref={table}
        url={ROLL_CHANGE_CALLS.page}
        columns={columns}
        defaultSearch={{ ...toSearch({}) }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('rollChanges.empty') }}
        onLoaded={(result) => setRows(result.rows)}
        data-testid="roll-table"
      />
      <FormDialog<RollChangeFormValues>
        open={filing}
        mode="add"
        title={t('rollChanges.formTitle')}
        initialValues={initialValues}
        onClose={() => setFiling(false)}
        onSubmit={file}
        okText={t('application.submit')}
        width={phone ? undefined : 680}
        data-testid="roll-dialog"
      >
        {(form) => <RollChangeForm form={form} />}
      </FormDialog>
      <RollChangeDetail id={openId} row={shownRow} onClose={() => setOpenId(null)} onChanged={changed} onOpen={open} onHistory={showHistory} />
      <RollHistoryPanel student={historyOf} onClose={() => setHistoryOf(null)} onOpen={open} />
    </div>
  );
}
