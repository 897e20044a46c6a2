import { useRef, useState, type Key } from 'react';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Tag, type ButtonProps } from 'antd';
import { CheckOutlined, CloseOutlined, FieldNumberOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ADMISSION_STATUSES, type AdmissionRow, type AdmissionStatus, type AdmissionSummary } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { ADMISSION_CALLS, ADMISSION_STATUS_COLOURS, applyScoreLine, decideAdmission, saveEntranceScore, type AdmissionSearch } from '../../../api/admission.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { genderLabel, scoreText, useAdmissionOptions } from './shared.ts';
import './admission.css';

interface SearchForm {
  gradeId?: number;
  entryYear?: number;
  admission?: AdmissionStatus;
  keyword?: string;
}

interface LineForm {
  gradeId?: number;
  entryYear?: number;
  line?: number;
}

const toSearch = (values: SearchForm): AdmissionSearch & Record<string, unknown> => ({
  gradeId: values.gradeId,
  entryYear: values.entryYear,
  admission: values.admission ?? '',
  keyword: values.keyword?.trim() ?? '',
});

/** One decimal at most, as the server keeps it. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/** The entrance score of one registration, saved when the field is left with another value (empty clears it). */
function ScoreCell({ row, onSaved }: { row: AdmissionRow; onSaved: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(row.entranceScore);
  const [saving, setSaving] = useState(false);

  const commit = async () => {
    const next = value == null ? null : tenth(value);
    if (next === row.entranceScore) return;
    setSaving(true);
    try {
      feedback().message.success(await saveEntranceScore(row.id, next));
      onSaved();
    } catch {
      // The request client has shown the server's message; the saved score comes back.
      setValue(row.entranceScore);
    } finally {
      setSaving(false);
    }
  };

  return (
    <InputNumber<number>
      size="small"
      min={0}
      max={1000}
      step={0.1}
      value={value}
      disabled={row.enrolled || saving}
      placeholder={t('admissionPage.scorePlaceholder')}
      aria-label={t('admissionPage.scoreLabel', { name: row.name })}
      className="admission-score"
      onChange={(next) => setValue(next ?? null)}
      onBlur={() => void commit()}
      onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
      data-testid={`admission-score-${row.id}`}
    />
  );
}

/** The intake's counts and scores (whatever the status filter). */
function SummaryBar({ summary }: { summary: AdmissionSummary | null }) {
  const { t } = useTranslation();
  const items: { key: keyof AdmissionSummary; value: string; tone?: string }[] = [
    { key: 'pending', value: summary ? String(summary.pending) : '—', tone: 'gold' },
    { key: 'admitted', value: summary ? String(summary.admitted) : '—', tone: 'green' },
    { key: 'rejected', value: summary ? String(summary.rejected) : '—' },
    { key: 'highest', value: scoreText(summary?.highest) },
    { key: 'lowest', value: scoreText(summary?.lowest) },
    { key: 'average', value: scoreText(summary?.average) },
  ];
  return (
    <div className="admission-summary" role="group" aria-label={t('admissionPage.summary')} data-testid="admission-summary">
      {items.map((item) => (
        <div key={item.key} className={`admission-summary-item${item.tone ? ` admission-summary-${item.tone}` : ''}`}>
          <span className="admission-summary-label">{t(`admissionPage.summary.${item.key}`)}</span>
          <span className="admission-summary-value" data-testid={`admission-summary-${item.key}`}>
            {item.value}
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * /lqgl/index, Admission (issue 16): the registrations of Enrolment by entrance score, highest first. The office
 * enters scores in the list, admits the ticked ones (or not, or sets them waiting again), or admits an
 * intake's waiting registrations by a score line. Enrolled registrations are neither ticked nor changed.
 */
export default function AdmissionPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const options = useAdmissionOptions();
  const table = usePagedTable<AdmissionRow>();
  const [searchForm] = Form.useForm<SearchForm>();
  const search = useRef<Record<string, unknown>>(toSearch({}));
  const [rows, setRows] = useState<AdmissionRow[]>([]);
  const [summary, setSummary] = useState<AdmissionSummary | null>(null);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [line, setLine] = useState<Partial<LineForm> | null>(null);
  const [lineResult, setLineResult] = useState<string | null>(null);

  const reload = () => table.current?.reload();
  const selected = rows.filter((row) => selectedKeys.includes(row.id));
  const grades = (options.data?.grades ?? []).map((grade) => ({ value: grade.id, label: grade.name }));
  const years = (options.data?.years ?? []).map((year) => ({ value: year, label: String(year) }));
  const statuses = ADMISSION_STATUSES.map((status) => ({ value: status, label: t(`admission.status.${status}`) }));

  const decide = (admission: AdmissionStatus, label: string) => {
    if (!selected.length) {
      feedback().message.warning(t('common.selectNone'));
      return;
    }
    const ids = selected.map((row) => row.id);
    feedback().modal.confirm({
      title: t(`admissionPage.decideTitle.${admission}`, { count: ids.length }),
      content: t('admissionPage.decideHint'),
      okText: label,
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'admission-decide-ok' } as ButtonProps,
      onOk: async () => {
        try {
          feedback().message.success(await decideAdmission(ids, admission));
          setSelectedKeys([]);
        } catch {
          // The request client has shown the server's message.
        } finally {
          reload();
        }
      },
    });
  };

  const columns: PagedColumn<AdmissionRow>[] = [
    { key: 'name', dataIndex: 'name', title: t('admissionPage.col.name'), width: 90, fixed: 'left' },
    { key: 'gender', dataIndex: 'gender', title: t('admissionPage.col.gender'), width: 64, render: (code: string) => genderLabel(code, t) },
    { key: 'gradeName', dataIndex: 'gradeName', title: t('admissionPage.col.grade'), width: 90 },
    { key: 'entryYear', dataIndex: 'entryYear', title: t('admissionPage.col.entryYear'), width: 90 },
    { key: 'previousSchool', dataIndex: 'previousSchool', title: t('admissionPage.col.previousSchool'), width: 140, ellipsis: true },
    {
      key: 'entranceScore',
      title: t('admissionPage.col.score'),
      width: 124,
      render: (_: unknown, row: AdmissionRow) => <ScoreCell key={`${row.id}:${row.entranceScore ?? ''}`} row={row} onSaved={reload} />,
    },
    {
      key: 'admission',
      dataIndex: 'admission',
      title: t('admissionPage.col.status'),
      width: 90,
      render: (status: AdmissionStatus, row: AdmissionRow) => (
        <Tag color={ADMISSION_STATUS_COLOURS[status]} data-testid={`admission-status-${row.id}`}>
          {t(`admission.status.${status}`)}
        </Tag>
      ),
    },
    { key: 'admissionDecidedAt', dataIndex: 'admissionDecidedAt', title: t('admissionPage.col.decidedAt'), width: 130, render: (value: string | null) => value ?? '—' },
    { key: 'className', dataIndex: 'className', title: t('admissionPage.col.class'), width: 100, render: (value: string) => value || '—' },
    {
      key: 'enrolled',
      dataIndex: 'enrolled',
      title: t('admissionPage.col.enrolled'),
      width: 80,
      render: (enrolled: boolean) => <Tag color={enrolled ? 'green' : 'default'}>{t(enrolled ? 'admissionPage.enrolled' : 'admissionPage.notEnrolled')}</Tag>,
    },
  ];

  return (
    <div className="manage-page admission-page" data-testid="admission-page">
      <QueryHeader<SearchForm>
        title={routeTitle(route, i18n.language)}
        form={searchForm}
        onSearch={(values) => {
          search.current = toSearch(values);
          setSelectedKeys([]);
          table.current?.search(search.current);
        }}
      >
        <Form.Item name="gradeId" label={t('admissionPage.grade')}>
          <Select allowClear options={grades} placeholder={t('admissionPage.any')} style={{ width: 120 }} data-testid="admission-search-grade" />
        </Form.Item>
        <Form.Item name="entryYear" label={t('admissionPage.entryYear')}>
          <Select allowClear options={years} placeholder={t('admissionPage.any')} style={{ width: 110 }} data-testid="admission-search-year" />
        </Form.Item>
        <Form.Item name="admission" label={t('admissionPage.status')}>
          <Select allowClear options={statuses} placeholder={t('admissionPage.any')} style={{ width: 130 }} data-testid="admission-search-status" />
        </Form.Item>
        <Form.Item name="keyword" label={t('admissionPage.keyword')}>
          <Input allowClear maxLength={50} placeholder={t('admissionPage.keywordPlaceholder')} style={{ width: 170 }} data-testid="admission-search-keyword" />
        </Form.Item>
      </QueryHeader>
      <SummaryBar summary={summary} />
      <div className="manage-toolbar">
        <Space wrap>
          <Button type="primary" icon={<CheckOutlined />} onClick={() => decide('admitted', t('admissionPage.admit'))} data-testid="admission-admit">
            {t('admissionPage.admit')}
          </Button>
          <Button icon={<CloseOutlined />} onClick={() => decide('rejected', t('admissionPage.reject'))} data-testid="admission-reject">
            {t('admissionPage.reject')}
          </Button>
          <Button icon={<UndoOutlined />} onClick={() => decide('pending', t('admissionPage.wait'))} data-testid="admission-wait">
            {t('admissionPage.wait')}
          </Button>
          <Button
            icon={<FieldNumberOutlined />}
            onClick={() => {
              const values = searchForm.getFieldsValue(true) as SearchForm;
              setLine({ gradeId: values.gradeId, entryYear: values.entryYear });
            }}
            data-testid="admission-line"
          >
            {t('admissionPage.line')}
          </Button>
        </Space>
      </div>
      {lineResult && (
        <Alert type="success" showIcon closable={{ onClose: () => setLineResult(null) }} title={t('admissionPage.lineResult')} description={lineResult} data-testid="admission-line-result" />
      )}
      <PagedTable<AdmissionRow>
        ref={table}
        url={ADMISSION_CALLS.page}
        columns={columns}
        rowKey="id"
        defaultSearch={search.current}
        size="middle"
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selectedKeys,
          onChange: (keys) => setSelectedKeys(keys),
          getCheckboxProps: (row) => ({ disabled: row.enrolled }),
          preserveSelectedRowKeys: false,
        }}
        onLoaded={(data) => {
          setRows(data.rows);
          setSummary((data.summary as AdmissionSummary | undefined) ?? null);
          setSelectedKeys((keys) => keys.filter((key) => data.rows.some((row) => row.id === key && !row.enrolled)));
        }}
        data-testid="admission-table"
      />
      <FormDialog<LineForm>
        open={!!line}
        mode="add"
        title={t('admissionPage.lineTitle')}
        okText={t('admissionPage.lineOk')}
        width={520}
        initialValues={line ?? undefined}
        onClose={() => setLine(null)}
        onSubmit={async (values) => {
          const msg = await applyScoreLine({ gradeId: values.gradeId as number, entryYear: values.entryYear as number, line: values.line as number });
          feedback().message.success(msg);
          setLineResult(msg);
          reload();
        }}
        data-testid="admission-line-dialog"
      >
        {() => (
          <>
            <p className="admission-hint">{t('admissionPage.lineHint')}</p>
            <Form.Item name="gradeId" label={t('admissionPage.grade')} rules={[{ required: true, message: t('admission.gradeRequired') }]}>
              <Select options={grades} data-testid="admission-line-grade" />
            </Form.Item>
            <Form.Item name="entryYear" label={t('admissionPage.entryYear')} rules={[{ required: true, message: t('admission.yearRequired') }]}>
              <Select options={years} data-testid="admission-line-year" />
            </Form.Item>
            <Form.Item name="line" label={t('admissionPage.lineValue')} rules={[{ required: true, message: t('admissionPage.lineRequired') }]}>
              <InputNumber<number> min={0} max={1000} step={0.1} style={{ width: 160 }} data-testid="admission-line-value" />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </div>
  );
}
