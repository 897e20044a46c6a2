import { useState } from 'react';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { DatePicker, Form, Input, InputNumber, Radio, Select, Statistic, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { FUND_AMOUNT_MAX, FUND_DIRECTIONS, HEAD_TEACHER_PERMISSIONS, type FundDirection, type FundEntryRow, type FundSummary, type HeadTeacherClass } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { HEAD_TEACHER_CALLS, saveFundEntry } from '../api.ts';
import { ClassPage } from '../common/ClassPage.tsx';

/**
 * /bzrgzscgl/works/bjjf class fund: the class fund's income and expense entries, each with the balance right
 * after it (the balance column is always shown, also when filtering), the totals above, an Excel export.
 */
export default function FundPage({ route }: PageProps) {
  return (
    <ClassPage route={route} fromHub data-testid="ht-fund-page">
      {(cls) => <Fund key={cls.id} cls={cls} />}
    </ClassPage>
  );
}

interface SearchForm {
  keyword?: string;
  direction?: FundDirection;
  dateFrom?: string;
  dateTo?: string;
}

interface Values {
  entryDate?: string;
  direction?: FundDirection;
  amount?: number | null;
  purpose?: string;
  handler?: string;
  notes?: string;
}

const dateField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

function Fund({ cls }: { cls: HeadTeacherClass }) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit' | 'view'; row?: FundEntryRow } | null>(null);
  const summary = useQuery({
    queryKey: ['headTeacher', 'fundSummary', cls.id],
    queryFn: ({ signal }) => call<{ summary: FundSummary }>(HEAD_TEACHER_CALLS.fundPage, { json: { currPage: 0, limit: 1, search: { classId: cls.id } }, signal }).then((data) => data.summary),
  });
  const permission = HEAD_TEACHER_PERMISSIONS.work;
  const can = usePermission();
  const money = (value: string) => Number(value).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const refresh = (reload: () => void) => {
    reload();
    void summary.refetch();
  };

  return (
    <>
      <div className="ht-stats">
        <Statistic title={t('htFund.income')} value={summary.data ? money(summary.data.income) : '—'} valueStyle={{ color: '#3f8600' }} />
        <Statistic title={t('htFund.expense')} value={summary.data ? money(summary.data.expense) : '—'} valueStyle={{ color: '#cf1322' }} />
        <Statistic title={t('htFund.balance')} value={summary.data ? money(summary.data.balance) : '—'} data-testid="ht-fund-balance" />
      </div>
      <ManagePage<FundEntryRow, SearchForm>
        permission={permission}
        editPermission={permission}
        deletePermission={permission}
        readOnly={!cls.editable}
        listUrl={HEAD_TEACHER_CALLS.fundPage}
        exportUrl={can({ permissions: [HEAD_TEACHER_PERMISSIONS.export] }) ? HEAD_TEACHER_CALLS.fundExport : undefined}
        exportName={`${cls.name}${t('htPage.fund')}`}
        onAdd={() => setDialog({ mode: 'add' })}
        toSearch={(values) => ({ classId: cls.id, keyword: values.keyword?.trim() ?? '', direction: values.direction ?? '', dateFrom: values.dateFrom ?? '', dateTo: values.dateTo ?? '' })}
        searchFields={() => (
          <>
            <Form.Item name="keyword" label={t('htUi.keyword')}>
              <Input allowClear maxLength={50} placeholder={t('htFund.keywordPlaceholder')} />
            </Form.Item>
            <Form.Item name="direction" label={t('htFund.direction')}>
              <Select allowClear placeholder={t('manage.all')} style={{ width: 120 }} options={FUND_DIRECTIONS.map((value) => ({ value, label: t(`headTeacher.fund.${value}`) }))} />
            </Form.Item>
            <Form.Item name="dateFrom" label={t('htUi.dateFrom')} {...dateField}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="dateTo" label={t('htUi.dateTo')} {...dateField}>
              <DatePicker />
            </Form.Item>
          </>
        )}
        columns={[
          { key: 'entryDate', dataIndex: 'entryDate', title: t('htUi.date'), sorter: true, width: 110 },
          {
            key: 'direction',
            dataIndex: 'direction',
            title: t('htFund.direction'),
            width: 90,
            render: (direction: FundDirection) => <Tag color={direction === 'income' ? 'green' : 'red'}>{t(`headTeacher.fund.${direction}`)}</Tag>,
          },
          {
            key: 'amount',
            title: t('htFund.amount'),
            width: 110,
            align: 'right',
            render: (_: unknown, row: FundEntryRow) => `${row.direction === 'income' ? '+' : '−'}${money(row.amount)}`,
          },
          { key: 'purpose', dataIndex: 'purpose', title: t('htFund.purpose'), width: 240 },
          { key: 'handler', dataIndex: 'handler', title: t('htFund.handler'), width: 120 },
          {
            key: 'balance',
            title: t('htFund.balanceAfter'),
            width: 120,
            align: 'right',
            render: (_: unknown, row: FundEntryRow) => (
              <span className={`ht-balance${Number(row.balance) < 100 ? ' is-low' : ''}`} data-testid={`ht-fund-balance-${row.id}`}>
                {money(row.balance)}
              </span>
            ),
          },
          { key: 'notes', dataIndex: 'notes', title: t('htFund.notes'), width: 160, render: (notes: string) => notes || '—' },
        ]}
        actionsWidth={i18n.language === 'en' ? 200 : 170}
        rowActions={(row, { canEdit, canDelete, reload }) => (
          <>
            <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} />
            {canDelete && <DeleteButton type="link" size="small" url={HEAD_TEACHER_CALLS.fundDelete} param={{ ids: [row.id] }} onSuccess={() => refresh(reload)} data-testid={`ht-fund-delete-${row.id}`} />}
          </>
        )}
        data-testid="ht-fund"
      >
        {({ reload }) =>
          dialog && (
            <FormDialog<Values>
              open
              mode={dialog.mode}
              title={t(dialog.mode === 'add' ? 'htFund.addTitle' : dialog.mode === 'edit' ? 'htFund.editTitle' : 'htFund.viewTitle')}
              initialValues={
                dialog.row
                  ? { entryDate: dialog.row.entryDate, direction: dialog.row.direction, amount: Number(dialog.row.amount), purpose: dialog.row.purpose, handler: dialog.row.handler, notes: dialog.row.notes }
                  : { entryDate: dayjs().format('YYYY-MM-DD'), direction: 'expense' }
              }
              onClose={() => setDialog(null)}
              onSubmit={async (values) => {
                const msg = await saveFundEntry({
                  id: dialog.row?.id,
                  classId: cls.id,
                  entryDate: values.entryDate ?? '',
                  direction: values.direction as FundDirection,
                  amount: values.amount ?? Number.NaN,
                  purpose: values.purpose ?? '',
                  handler: values.handler ?? '',
                  notes: values.notes ?? '',
                });
                feedback().message.success(msg);
                refresh(reload);
              }}
              data-testid="ht-fund-dialog"
            >
              {(_form, mode) => (
                <>
                  <Form.Item name="entryDate" label={t('htUi.date')} rules={[{ required: true, message: t('headTeacher.dateRequired') }]} {...dateField}>
                    <DatePicker disabled={mode === 'view'} disabledDate={(day) => day.isAfter(dayjs(), 'day')} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name="direction" label={t('htFund.direction')} rules={[{ required: true, message: t('headTeacher.directionRequired') }]}>
                    <Radio.Group disabled={mode === 'view'} options={FUND_DIRECTIONS.map((value) => ({ value, label: t(`headTeacher.fund.${value}`) }))} />
                  </Form.Item>
                  <Form.Item name="amount" label={t('htFund.amount')} rules={[{ required: true, message: t('headTeacher.amountRange') }]}>
                    <InputNumber min={0.01} max={FUND_AMOUNT_MAX} precision={2} step={10} disabled={mode === 'view'} style={{ width: 180 }} data-testid="ht-fund-amount" />
                  </Form.Item>
                  <Form.Item name="purpose" label={t('htFund.purpose')} rules={[{ required: true, whitespace: true, message: t('headTeacher.purposeRequired') }]}>
                    <Input maxLength={100} disabled={mode === 'view'} data-testid="ht-fund-purpose" />
                  </Form.Item>
                  <Form.Item name="handler" label={t('htFund.handler')} rules={[{ required: true, whitespace: true, message: t('headTeacher.handlerRequired') }]}>
                    <Input maxLength={50} disabled={mode === 'view'} data-testid="ht-fund-handler" />
                  </Form.Item>
                  <Form.Item name="notes" label={t('htFund.notes')}>
                    <Input.TextArea maxLength={200} disabled={mode === 'view'} autoSize={{ minRows: 2 }} />
                  </Form.Item>
                  {dialog.row && (
                    <Form.Item label={t('htFund.balanceAfter')}>
                      <span className="ht-balance">{money(dialog.row.balance)}</span>
                    </Form.Item>
                  )}
                </>
              )}
            </FormDialog>
          )
        }
      </ManagePage>
    </>
  );
}
