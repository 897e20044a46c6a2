import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Tag } from 'antd';
import { ApartmentOutlined, SolutionOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ENROLMENT_STATUSES, type EnrolmentImportResult, type EnrolmentRow, type EnrolmentStatus, type StudentFormOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ENROLMENT_CALLS, ENROLMENT_OPTIONS_CALL, ENROLMENT_PERMISSION, ENROLMENT_STATUS_COLOURS, type EnrolmentSearch } from '../../../api/enrolment.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ImportDialog } from '../../../components/ImportDialog/index.ts';
import { ManagePage, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { useScreenOptions } from '../../system/common/peopleOptions.ts';
import { EnrolmentFormDialog } from './EnrolmentForm.tsx';
import { EnrolDialog, PlaceDialog, enrolRefusal, placeRefusal } from './EnrolmentActions.tsx';
import './enrolment.css';

interface SearchForm {
  keyword?: string;
  gradeId?: number;
  status?: EnrolmentStatus;
  entryYear?: number | null;
}

const toSearch = (values: SearchForm): EnrolmentSearch & Record<string, unknown> => ({
  keyword: values.keyword?.trim() ?? '',
  gradeId: values.gradeId ?? '',
  status: values.status ?? '',
  entryYear: values.entryYear ?? '',
});

/** "110101********1234": the ID number with its birth date and sequence hidden in the list. */
export function maskIdNumber(idNumber: string): string {
  return idNumber.length === 18 ? `${idNumber.slice(0, 6)}********${idNumber.slice(14)}` : idNumber;
}

/**
 * /xjgl/zsgl, Enrolment (the academic office): new students are registered one by one or from an Excel sheet,
 * placed in a class of their grade, then enrolled — their student and parent accounts are created by the
 * rules of Student management. An enrolled registration is neither changed nor deleted here.
 */
export default function EnrolmentPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const options = useScreenOptions<StudentFormOptions>(ENROLMENT_OPTIONS_CALL);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: EnrolmentRow } | null>(null);
  const [placing, setPlacing] = useState<EnrolmentRow[] | null>(null);
  const [enrolling, setEnrolling] = useState<EnrolmentRow[] | null>(null);
  const [importing, setImporting] = useState(false);

  const genderName = (code: string) => options?.genders.find((gender) => gender.value === code)?.label ?? code;
  const yesNo = (value: boolean) => <Tag color={value ? 'green' : 'default'}>{t(value ? 'enrolment.yes' : 'enrolment.no')}</Tag>;
  /** Warns and answers false where a refusal was found. */
  const check = (refusal: string | null) => {
    if (refusal) feedback().message.warning(refusal);
    return !refusal;
  };

  return (
    <ManagePage<EnrolmentRow, SearchForm>
      permission={ENROLMENT_PERMISSION}
      editPermission={ENROLMENT_PERMISSION}
      deletePermission={ENROLMENT_PERMISSION}
      listUrl={ENROLMENT_CALLS.page}
      title={routeTitle(route, i18n.language)}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={toSearch}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('enrolmentPage.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('enrolmentPage.keywordPlaceholder')} data-testid="enrolment-search-keyword" />
          </Form.Item>
          <Form.Item name="gradeId" label={t('enrolment.col.grade')}>
            <Select allowClear options={options?.grades ?? []} placeholder={t('manage.all')} style={{ width: 130 }} data-testid="enrolment-search-grade" />
          </Form.Item>
          <Form.Item name="status" label={t('enrolmentPage.status')}>
            <Select
              allowClear
              options={ENROLMENT_STATUSES.map((status) => ({ value: status, label: t(`enrolmentPage.status.${status}`) }))}
              placeholder={t('manage.all')}
              style={{ width: 120 }}
              data-testid="enrolment-search-status"
            />
          </Form.Item>
          <Form.Item name="entryYear" label={t('enrolment.col.entryYear')}>
            <InputNumber min={2000} max={2100} precision={0} placeholder={t('enrolmentPage.entryYearPlaceholder')} style={{ width: 130 }} data-testid="enrolment-search-year" />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('enrolment.col.name'), width: 100, fixed: 'left' },
        { key: 'gender', dataIndex: 'gender', title: t('enrolment.col.gender'), width: 70, render: (code: string) => genderName(code) },
        { key: 'birthDate', dataIndex: 'birthDate', title: t('enrolment.col.birthDate'), width: 110 },
        { key: 'idNumber', dataIndex: 'idNumber', title: t('enrolment.col.idNumber'), width: 170, render: (id: string) => <span className="enrolment-id">{id ? maskIdNumber(id) : '—'}</span> },
        { key: 'gradeName', dataIndex: 'gradeName', title: t('enrolment.col.grade'), width: 90 },
        { key: 'className', dataIndex: 'className', title: t('enrolmentPage.class'), width: 110 },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('enrolmentPage.status'),
          width: 90,
          render: (status: EnrolmentStatus, row: EnrolmentRow) => (
            <Tag color={ENROLMENT_STATUS_COLOURS[status]} data-testid={`enrolment-status-${row.id}`}>
              {t(`enrolmentPage.status.${status}`)}
            </Tag>
          ),
        },
        { key: 'studentNumber', dataIndex: 'studentNumber', title: t('enrolmentPage.studentNumber'), width: 110 },
        { key: 'parentAccount', dataIndex: 'parentAccount', title: t('enrolmentPage.parentAccount'), width: 120 },
        { key: 'entryYear', dataIndex: 'entryYear', title: t('enrolment.col.entryYear'), width: 90 },
        { key: 'onRegister', dataIndex: 'onRegister', title: t('enrolment.col.onRegister'), width: 100, render: yesNo },
        { key: 'studying', dataIndex: 'studying', title: t('enrolment.col.studying'), width: 90, render: yesNo },
        {
          key: 'guardian',
          title: t('enrolmentPage.guardian'),
          width: 150,
          render: (_: unknown, row: EnrolmentRow) => (
            <div className="enrolment-guardian">
              <span>{row.guardianName}</span>
              <span className="enrolment-muted">{row.guardianPhone}</span>
            </div>
          ),
        },
        { key: 'previousSchool', dataIndex: 'previousSchool', title: t('enrolment.col.previousSchool'), width: 150, ellipsis: true },
      ]}
      toolbar={({ canEdit, canDelete, selected, reload }) => (
        <>
          {canDelete && (
            <DeleteButton
              url={ENROLMENT_CALLS.delete}
              param={{ ids: selected.map((row) => row.id) }}
              beforeConfirm={() => {
                const enrolled = selected.find((row) => row.status === 'enrolled');
                return check(!selected.length ? t('common.selectNone') : enrolled ? t('enrolmentPage.deleteEnrolled', { name: enrolled.name }) : null);
              }}
              onSuccess={reload}
              data-testid="enrolment-batch-delete"
            >
              {t('enrolmentPage.deleteSelected')}
            </DeleteButton>
          )}
          {canEdit && (
            <>
              <Button icon={<ApartmentOutlined />} onClick={() => check(placeRefusal(selected, t)) && setPlacing(selected)} data-testid="enrolment-place-selected">
                {t('enrolmentPage.place')}
              </Button>
              <Button icon={<SolutionOutlined />} onClick={() => check(enrolRefusal(selected, t)) && setEnrolling(selected)} data-testid="enrolment-enrol-selected">
                {t('enrolmentPage.enrol')}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="enrolment-import">
                {t('enrolmentPage.import')}
              </Button>
            </>
          )}
        </>
      )}
      rowActions={(row, { canEdit, canDelete, reload }) => {
        const open = row.status !== 'enrolled';
        return (
          <>
            <RecordActions
              onView={() => setDialog({ mode: 'view', row })}
              onEdit={canEdit && open ? () => setDialog({ mode: 'edit', row }) : undefined}
              viewTestId={`enrolment-view-${row.id}`}
              editTestId={`enrolment-edit-${row.id}`}
            />
            {canDelete && open && <DeleteButton type="link" size="small" url={ENROLMENT_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`enrolment-delete-${row.id}`} />}
          </>
        );
      }}
      data-testid="enrolment-page"
    >
      {({ reload }) => (
        <>
          <EnrolmentFormDialog dialog={dialog} options={options} onClose={() => setDialog(null)} onSaved={reload} />
          <PlaceDialog rows={placing} onClose={() => setPlacing(null)} onPlaced={reload} />
          <EnrolDialog rows={enrolling} onClose={() => setEnrolling(null)} onEnrolled={reload} />
          <ImportDialog<EnrolmentImportResult>
            open={importing}
            onClose={() => setImporting(false)}
            onImported={reload}
            title={t('enrolmentPage.importTitle')}
            hint={t('enrolmentPage.importHint')}
            url={ENROLMENT_CALLS.import}
            templateUrl={ENROLMENT_CALLS.template}
            templateName={t('enrolment.templateName')}
            purpose="enrolmentImport"
            successText={(result) => t('enrolment.imported', { count: result.imported })}
            testId="enrolment-import"
          />
        </>
      )}
    </ManagePage>
  );
}
