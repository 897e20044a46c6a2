import { useEffect, useMemo, useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select, Switch, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { TERM_STUDENT_URL, schoolYearFormSchema, termFormSchema, type SchoolYearForm, type SchoolYearRow, type TermForm, type TermRow, type TermWeek } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { toSelect, useCampusOptions } from '../facilities/campusShared.tsx';

/** Date fields keep 'YYYY-MM-DD' strings in the form (what the shared schema checks); the picker shows dayjs. */
const dateField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

function YearsTab({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: SchoolYearRow } | null>(null);
  const initialValues = useMemo<Partial<SchoolYearForm>>(() => (dialog?.row ? { ...dialog.row } : {}), [dialog]);
  return (
    <ManagePage<SchoolYearRow, { keyword?: string }>
      permission="system:calendar"
      listUrl="/api/system/schoolYears/page"
      exportUrl="/api/system/schoolYears/export"
      exportName={t('calendar.yearExportName')}
      deleteUrl="/api/system/schoolYears/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      searchFields={() => (
        <Form.Item name="keyword" label={t('campusUi.keyword')}>
          <Input allowClear maxLength={64} placeholder={t('campusUi.keywordPlaceholder')} />
        </Form.Item>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('calendar.code'), sorter: true, width: 130 },
        { key: 'name', dataIndex: 'name', title: t('calendar.name'), sorter: true, width: 180 },
        { key: 'startDate', dataIndex: 'startDate', title: t('calendar.startDate'), sorter: true, width: 120 },
        { key: 'endDate', dataIndex: 'endDate', title: t('calendar.endDate'), sorter: true, width: 120 },
        { key: 'termCount', dataIndex: 'termCount', title: t('calendar.termCount'), width: 90 },
        { key: 'hasCurrent', dataIndex: 'hasCurrent', title: t('calendar.isCurrent'), width: 110, render: (value: boolean) => value && <Tag color="green">{t('campusUi.current')}</Tag> },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} />
          {canDelete && (
            <DeleteButton
              type="link"
              size="small"
              url="/api/system/schoolYears/delete"
              param={{ ids: [row.id] }}
              onSuccess={() => {
                reload();
                onChanged();
              }}
              data-testid={`years-delete-${row.code}`}
            />
          )}
        </>
      )}
      data-testid="years-page"
    >
      {({ reload }) => (
        <FormDialog<SchoolYearForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'campusUi.yearAdd' : dialog?.mode === 'edit' ? 'campusUi.yearEdit' : 'campusUi.yearView')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await call(dialog?.mode === 'add' ? '/api/system/schoolYears/create' : '/api/system/schoolYears/update', { json: { ...values, id: dialog?.row?.id } });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            reload();
            onChanged();
          }}
          data-testid="years-dialog"
        >
          {(form) => (
            <>
              <Form.Item name="code" label={t('calendar.code')} required rules={[zodRule(schoolYearFormSchema, 'code', form)]} extra={t('campusUi.yearCodeHint')}>
                <Input maxLength={9} data-testid="years-form-code" />
              </Form.Item>
              <Form.Item name="name" label={t('calendar.name')} required rules={[zodRule(schoolYearFormSchema, 'name', form)]}>
                <Input maxLength={50} data-testid="years-form-name" />
              </Form.Item>
              <Form.Item name="startDate" label={t('calendar.startDate')} required rules={[zodRule(schoolYearFormSchema, 'startDate', form)]} {...dateField}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="endDate" label={t('calendar.endDate')} required dependencies={['startDate']} rules={[zodRule(schoolYearFormSchema, 'endDate', form)]} {...dateField}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}

function WeeksDialog({ term, onClose }: { term: TermRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [weeks, setWeeks] = useState<TermWeek[]>([]);
  const termId = term?.id;
  useEffect(() => {
    if (!termId) return;
    let alive = true;
    call<TermWeek[]>('/api/system/terms/weeks', { json: { id: termId } }).then(
      (rows) => alive && setWeeks(rows),
      () => undefined,
    );
    return () => {
      alive = false;
      setWeeks([]);
    };
  }, [termId]);
  return (
    <Modal open={!!term} title={t('campusUi.weeksTitle', { name: term?.name ?? '' })} onCancel={onClose} footer={null} width={currentLanguage() === 'en' ? 810 : 650} destroyOnHidden>
      <Table<TermWeek>
        rowKey="week"
        size="small"
        dataSource={weeks}
        pagination={false}
        scroll={{ y: 420 }}
        columns={[
          { key: 'week', dataIndex: 'week', title: t('campusUi.week'), width: 100, render: (value: number) => t('campusUi.weekN', { n: value }) },
          { key: 'startDate', dataIndex: 'startDate', title: t('calendar.startDate') },
          { key: 'endDate', dataIndex: 'endDate', title: t('calendar.endDate') },
        ]}
        data-testid="terms-weeks"
      />
    </Modal>
  );
}

function TermsTab({ years }: { years: ReturnType<typeof useCampusOptions> }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: TermRow } | null>(null);
  const [weeksOf, setWeeksOf] = useState<TermRow | null>(null);
  const navigate = useNavigate();
  const english = currentLanguage() === 'en';
  const initialValues = useMemo<Partial<TermForm>>(() => (dialog?.row ? { ...dialog.row, nameEn: dialog.row.nameEn ?? '' } : { weekCount: 20, isCurrent: false }), [dialog]);

  const setCurrent = async (row: TermRow, reload: () => void) => {
    const done = await call('/api/system/terms/setCurrent', { json: { id: row.id } }).then(
      () => true,
      () => false,
    );
    if (!done) return;
    feedback().message.success(t('calendar.currentSet'));
    reload();
  };

  return (
    <ManagePage<TermRow, { keyword?: string; schoolYearId?: number }>
      permission="system:calendar"
      listUrl="/api/system/terms/page"
      exportUrl="/api/system/terms/export"
      exportName={t('calendar.termExportName')}
      deleteUrl="/api/system/terms/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('campusUi.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('campusUi.keywordPlaceholder')} />
          </Form.Item>
          <Form.Item name="schoolYearId" label={t('calendar.schoolYear')}>
            <Select allowClear options={toSelect(years.schoolYears)} placeholder={t('manage.all')} style={{ width: 170 }} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('calendar.code'), sorter: true, width: 120, render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{value}</span> },
        { key: 'name', dataIndex: 'name', title: t('calendar.name'), sorter: true, width: 190, render: (value: string, row: TermRow) => (english && row.nameEn) || value },
        { key: 'schoolYearName', dataIndex: 'schoolYearName', title: t('calendar.schoolYear'), width: 130, render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{value}</span> },
        { key: 'startDate', dataIndex: 'startDate', title: t('calendar.startDate'), sorter: true, width: 105 },
        { key: 'endDate', dataIndex: 'endDate', title: t('calendar.endDate'), width: 105 },
        { key: 'weekCount', dataIndex: 'weekCount', title: t('calendar.weekCount'), sorter: true, width: 80 },
        { key: 'isCurrent', dataIndex: 'isCurrent', title: t('calendar.isCurrent'), sorter: true, width: 100, render: (value: boolean) => value && <Tag color="green">{t('campusUi.current')}</Tag> },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <Button type="link" size="small" onClick={() => setWeeksOf(row)} data-testid={`terms-weeks-${row.code}`}>
            {t('campusUi.weeks')}
          </Button>
          {/* Issue 17: the term's students (/jxzygl/xnxqgl/xswh, a hidden page). */}
          <Button type="link" size="small" onClick={() => void navigate(`${TERM_STUDENT_URL}?termId=${row.id}`)} data-testid={`terms-students-${row.code}`}>
            {t('termStudentUi.open')}
          </Button>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} />
          {canEdit && !row.isCurrent && (
            <Button type="link" size="small" onClick={() => void setCurrent(row, reload)} data-testid={`terms-current-${row.code}`}>
              {t('campusUi.setCurrent')}
            </Button>
          )}
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/terms/delete" param={{ ids: [row.id] }} onSuccess={reload} data-testid={`terms-delete-${row.code}`} />}
        </>
      )}
      data-testid="terms-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<TermForm>
            open={!!dialog}
            mode={dialog?.mode ?? 'add'}
            title={t(dialog?.mode === 'add' ? 'campusUi.termAdd' : dialog?.mode === 'edit' ? 'campusUi.termEdit' : 'campusUi.termView')}
            initialValues={initialValues}
            onClose={() => setDialog(null)}
            onSubmit={async (values) => {
              await call(dialog?.mode === 'add' ? '/api/system/terms/create' : '/api/system/terms/update', { json: { ...values, id: dialog?.row?.id } });
              feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
              reload();
            }}
            data-testid="terms-dialog"
          >
            {(form) => (
              <>
                <Form.Item name="schoolYearId" label={t('calendar.schoolYear')} required rules={[zodRule(termFormSchema, 'schoolYearId', form)]}>
                  <Select options={toSelect(years.schoolYears)} data-testid="terms-form-year" />
                </Form.Item>
                <Form.Item name="code" label={t('calendar.code')} required rules={[zodRule(termFormSchema, 'code', form)]} extra={t('campusUi.termCodeHint')}>
                  <Input maxLength={20} data-testid="terms-form-code" />
                </Form.Item>
                <Form.Item name="name" label={t('calendar.name')} required rules={[zodRule(termFormSchema, 'name', form)]}>
                  <Input maxLength={50} data-testid="terms-form-name" />
                </Form.Item>
                <Form.Item name="nameEn" label={t('calendar.nameEn')} rules={[zodRule(termFormSchema, 'nameEn', form)]}>
                  <Input maxLength={50} />
                </Form.Item>
                <Form.Item name="startDate" label={t('calendar.startDate')} required rules={[zodRule(termFormSchema, 'startDate', form)]} {...dateField}>
                  <DatePicker style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name="endDate" label={t('calendar.endDate')} required dependencies={['startDate']} rules={[zodRule(termFormSchema, 'endDate', form)]} {...dateField}>
                  <DatePicker style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name="weekCount" label={t('calendar.weekCount')} required rules={[zodRule(termFormSchema, 'weekCount', form)]}>
                  <InputNumber min={1} max={30} precision={0} style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name="isCurrent" label={t('calendar.isCurrent')} valuePropName="checked" extra={t('campusUi.currentHint')}>
                  <Switch />
                </Form.Item>
              </>
            )}
          </FormDialog>
          <WeeksDialog term={weeksOf} onClose={() => setWeeksOf(null)} />
        </>
      )}
    </ManagePage>
  );
}

/** /xtgl/xl: the school calendar — school years, terms, their weeks and the current term (issue 4 item 8). */
export default function CalendarPage(_props: PageProps) {
  const { t } = useTranslation();
  const options = useCampusOptions();
  return (
    <Tabs
      destroyOnHidden={false}
      items={[
        { key: 'terms', label: t('campusUi.termsTab'), children: <TermsTab years={options} /> },
        { key: 'years', label: t('campusUi.yearsTab'), children: <YearsTab onChanged={options.reload} /> },
      ]}
      data-testid="calendar-page"
    />
  );
}
