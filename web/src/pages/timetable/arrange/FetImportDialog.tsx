import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Space, Steps, Table, Tabs, Tag, Typography, type SelectProps, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, ImportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DRAFT_NAME_MAX, draftFormSchema, type ArrangeOptions, type FetImportForm, type FetImportResult, type FetPreview } from '@campus/contract';
import { ApiError, isAbort } from '../../../api/client.ts';
import { arrangeKeys, fetchCourseNames, importFet, previewFetImport } from '../../../api/timetableArrange.ts';
import { feedback } from '../../../app/feedback.ts';
import { FileUpload, type UploadedFile } from '../../../components/FileUpload/index.ts';
import { t as translate } from '../../../i18n/index.ts';

export interface FetImportDialogProps {
  open: boolean;
  termId: number;
  options: ArrangeOptions;
  onClose: () => void;
  /** After the import: the new draft. */
  onImported: (draftId: number) => void;
}

/** A Select's value for "none": create the record, or (a teacher) no staff record. Ids are positive, and a null value would read as empty. */
const NONE = 0;
const toId = (value: number) => (value === NONE ? null : value);

type MapKind = 'years' | 'groups' | 'teachers' | 'subjects' | 'rooms';
type Choices = Record<MapKind, number[]>;

const EMPTY_CHOICES: Choices = { years: [], groups: [], teachers: [], subjects: [], rooms: [] };

const choicesOf = (preview: FetPreview): Choices => ({
  years: preview.years.map((year) => year.gradeId ?? NONE),
  groups: preview.groups.map((group) => group.classId ?? NONE),
  teachers: preview.teachers.map((teacher) => teacher.staffId ?? NONE),
  subjects: preview.subjects.map((subject) => subject.courseId ?? NONE),
  rooms: preview.rooms.map((room) => room.classroomId ?? NONE),
});

const PAGE = { pageSize: 10, size: 'small', showSizeChanger: false, hideOnSinglePage: true } as const;

/** The message of a refused preview or import; nothing for a call given up or a lapsed session (which has its own modal). */
function refusalOf(error: unknown): string | null {
  if (isAbort(error)) return null;
  if (error instanceof ApiError) return error.kind === 'expired' ? null : error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Imports a FET file as a draft: the .fet uploaded (purpose fetImport) and previewed, then what it holds
 * summed up beside the school's week, and each of its years, groups, teachers, subjects and rooms matched to a
 * grade, class, staff member, course and classroom (or created; a teacher may stay without a record). A
 * refusal of the preview or the import is shown in the dialog, which stays open to choose another file or to
 * correct the matches.
 */
export function FetImportDialog({ open, termId, options, onClose, onImported }: FetImportDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<0 | 1>(0);
  const [fileIds, setFileIds] = useState<string[]>([]);
  const [uploadedName, setUploadedName] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ fileId: string; data: FetPreview } | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Choices>(EMPTY_CHOICES);
  const [checked, setChecked] = useState(false);
  const [tab, setTab] = useState<MapKind>('years');
  const [importing, setImporting] = useState(false);
  // The preview of an earlier file may answer after another file was chosen: only the latest one counts.
  const previewRun = useRef<AbortController | null>(null);

  const courses = useQuery({
    queryKey: arrangeKeys.courseNames,
    queryFn: ({ signal }) => fetchCourseNames(signal),
    enabled: open && step === 1,
    staleTime: 60_000,
  });

  const reset = () => {
    previewRun.current?.abort();
    previewRun.current = null;
    setStep(0);
    setFileIds([]);
    setUploadedName('');
    setPreviewing(false);
    setRefusal(null);
    setPreview(null);
    setName('');
    setNameError(null);
    setChoices(EMPTY_CHOICES);
    setChecked(false);
    setTab('years');
    setImporting(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const runPreview = async (fileId: string) => {
    previewRun.current?.abort();
    const controller = new AbortController();
    previewRun.current = controller;
    setPreviewing(true);
    setRefusal(null);
    try {
      const data = await previewFetImport({ termId, fileId }, controller.signal);
      if (controller.signal.aborted) return;
      setPreview({ fileId, data });
      setChoices(choicesOf(data));
      setName(t('arrangeUi.fet.defaultName', { name: data.institution.trim() || data.fileName || uploadedName }).slice(0, DRAFT_NAME_MAX));
      setNameError(null);
      setChecked(false);
      setTab('years');
      setStep(1);
    } catch (error) {
      if (controller.signal.aborted) return;
      setPreview(null);
      setRefusal(refusalOf(error));
    } finally {
      if (previewRun.current === controller) {
        previewRun.current = null;
        setPreviewing(false);
      }
    }
  };

  const changeFiles = (ids: string[]) => {
    setFileIds(ids);
    setRefusal(null);
    if (ids[0]) void runPreview(ids[0]);
    else {
      previewRun.current?.abort();
      previewRun.current = null;
      setPreviewing(false);
      setPreview(null);
    }
  };

  const next = () => {
    const fileId = fileIds[0];
    if (!fileId) {
      feedback().message.warning(t('files.noFile'));
      return;
    }
    if (preview?.fileId === fileId) setStep(1);
    else void runPreview(fileId);
  };

  const data = preview?.data;

  /** Years whose groups are to be created with no grade to create them in. */
  const yearsWithoutGrade = useMemo(() => {
    if (!data) return new Set<string>();
    const creating = new Set(data.groups.filter((_, index) => choices.groups[index] === NONE).map((group) => group.year));
    return new Set(data.years.filter((year, index) => choices.years[index] === NONE && creating.has(year.name)).map((year) => year.name));
  }, [data, choices]);

  const checkName = (value: string) => {
    const result = draftFormSchema.shape.name.safeParse(value);
    const problem = result.success ? null : translate(result.error.issues[0]?.message ?? 'arrange.nameRequired');
    setNameError(problem);
    return !problem;
  };

  const submit = async () => {
    if (!data || !preview) return;
    setChecked(true);
    const nameOk = checkName(name);
    if (yearsWithoutGrade.size > 0) {
      setTab('years');
      return;
    }
    if (!nameOk) return;
    const form: FetImportForm = {
      termId,
      fileId: preview.fileId,
      name: name.trim(),
      years: data.years.map((year, index) => ({ name: year.name, gradeId: toId(choices.years[index] ?? NONE) })),
      groups: data.groups.map((group, index) => ({ name: group.name, classId: toId(choices.groups[index] ?? NONE) })),
      teachers: data.teachers.map((teacher, index) => ({ name: teacher.name, staffId: toId(choices.teachers[index] ?? NONE) })),
      subjects: data.subjects.map((subject, index) => ({ name: subject.name, courseId: toId(choices.subjects[index] ?? NONE) })),
      rooms: data.rooms.map((room, index) => ({ name: room.name, classroomId: toId(choices.rooms[index] ?? NONE) })),
    };
    setImporting(true);
    setRefusal(null);
    try {
      const { msg, data: result } = await importFet(form);
      feedback().message.success(result ? importedText(t, result) : msg || t('arrangeUi.fet.importedPlain'));
      reset();
      onClose();
      if (result?.draftId) onImported(result.draftId);
    } catch (error) {
      setRefusal(refusalOf(error));
      setImporting(false);
    }
  };

  const choose = (kind: MapKind, index: number, value: number | undefined) =>
    setChoices((current) => {
      const list = [...current[kind]];
      list[index] = value ?? NONE;
      return { ...current, [kind]: list };
    });

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={close} data-testid="arrange-fet-cancel">
            {t('manage.cancel')}
          </Button>,
          <Button key="next" type="primary" icon={<ArrowRightOutlined />} loading={previewing} disabled={fileIds.length === 0} onClick={next} data-testid="arrange-fet-next">
            {t('arrangeUi.fet.next')}
          </Button>,
        ]
      : [
          <Button key="back" icon={<ArrowLeftOutlined />} disabled={importing} onClick={() => setStep(0)} data-testid="arrange-fet-back">
            {t('arrangeUi.fet.back')}
          </Button>,
          <Button key="cancel" onClick={close} data-testid="arrange-fet-cancel">
            {t('manage.cancel')}
          </Button>,
          <Button key="ok" type="primary" icon={<ImportOutlined />} loading={importing} onClick={() => void submit()} data-testid="arrange-fet-ok">
            {t('arrangeUi.fet.import')}
          </Button>,
        ];

  return (
    <Modal open={open} title={t('arrangeUi.fet.title')} onCancel={close} footer={footer} width={1040} destroyOnHidden mask={{ closable: false }}>
      <div className="arrange-fet" data-testid="arrange-fet-dialog" data-step={step}>
        <Steps size="small" current={step} className="arrange-fet-steps" items={[{ title: t('arrangeUi.fet.stepFile') }, { title: t('arrangeUi.fet.stepMatch') }]} />
        {refusal && <Alert type="error" showIcon title={refusal} className="arrange-gap" data-testid="arrange-fet-refusal" />}
        {step === 0 || !data ? (
          <div className="arrange-fet-file">
            <Typography.Paragraph type="secondary">{t('arrangeUi.fet.fileHint')}</Typography.Paragraph>
            <FileUpload
              purpose="fetImport"
              value={fileIds}
              onChange={changeFiles}
              onUploaded={(file: UploadedFile) => setUploadedName(file.name)}
              knownFiles={fileIds[0] && uploadedName ? [{ RESID: fileIds[0], name: uploadedName }] : undefined}
              disabled={previewing}
              data-testid="arrange-fet-upload"
            />
            {previewing && (
              <Typography.Text type="secondary" className="arrange-small" data-testid="arrange-fet-previewing">
                {t('arrangeUi.fet.previewing')}
              </Typography.Text>
            )}
          </div>
        ) : (
          <>
            <PreviewSummary preview={data} />
            <Form layout="vertical" className="arrange-fet-name" onFinish={() => void submit()}>
              <Form.Item label={t('arrangeUi.col.name')} required validateStatus={nameError ? 'error' : undefined} help={nameError ?? undefined}>
                <Input
                  value={name}
                  maxLength={DRAFT_NAME_MAX}
                  showCount
                  onChange={(event) => {
                    setName(event.target.value);
                    if (nameError) checkName(event.target.value);
                  }}
                  onBlur={() => checkName(name)}
                  data-testid="arrange-fet-name"
                />
              </Form.Item>
            </Form>
            {checked && yearsWithoutGrade.size > 0 && (
              <Alert type="error" showIcon className="arrange-gap" title={t('arrangeUi.fet.yearsNeedGrade', { years: [...yearsWithoutGrade].join(t('arrangeUi.fet.listSeparator')) })} data-testid="arrange-fet-year-error" />
            )}
            <Mappings preview={data} options={options} courses={courses.data} choices={choices} onChoose={choose} tab={tab} onTab={setTab} missingGrade={checked ? yearsWithoutGrade : undefined} />
          </>
        )}
      </div>
    </Modal>
  );
}

function importedText(t: TFunction, result: FetImportResult): string {
  return t('arrangeUi.fet.imported', {
    activities: result.activities,
    classes: result.created.classes,
    courses: result.created.courses,
    classrooms: result.created.classrooms,
    unavailable: result.unavailable,
  });
}

/** What the file holds: its name and institution, its week beside the school's, activities, availability and constraints. */
function PreviewSummary({ preview }: { preview: FetPreview }) {
  const { t } = useTranslation();
  const constraints = (list: FetPreview['kept'], colour: string, testId: string): ReactNode =>
    list.length === 0 ? (
      '—'
    ) : (
      <Space size={[4, 4]} wrap data-testid={testId}>
        {list.map((item) => (
          <Tag key={item.constraint} color={colour} className="arrange-tag">
            {t('arrangeUi.fet.constraint', { name: item.constraint, count: item.count })}
          </Tag>
        ))}
      </Space>
    );
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2 }}
      className="arrange-gap"
      data-testid="arrange-fet-summary"
      items={[
        { key: 'file', label: t('arrangeUi.fet.file'), children: <span data-testid="arrange-fet-file-name">{preview.fileName}</span> },
        { key: 'institution', label: t('arrangeUi.fet.institution'), children: preview.institution || '—' },
        {
          key: 'week',
          label: t('arrangeUi.fet.week'),
          children: (
            <span data-testid="arrange-fet-week">
              {t('arrangeUi.fet.weekOf', { days: preview.days, hours: preview.hours })}
              <Typography.Text type="secondary"> {t('arrangeUi.fet.schoolWeek', { days: preview.schoolDays, periods: preview.schoolPeriods })}</Typography.Text>
            </span>
          ),
        },
        { key: 'activities', label: t('arrangeUi.fet.activities'), children: <span data-testid="arrange-fet-activities">{t('arrangeUi.fet.activitiesOf', { count: preview.activities, hours: preview.activityHours })}</span> },
        { key: 'unavailable', label: t('arrangeUi.fet.unavailable'), children: <span data-testid="arrange-fet-unavailable">{t('arrangeUi.fet.unavailableOf', { count: preview.unavailable })}</span>, span: 'filled' },
        { key: 'kept', label: t('arrangeUi.fet.kept', { count: preview.kept.length }), children: constraints(preview.kept, 'green', 'arrange-fet-kept'), span: 'filled' },
        { key: 'ignored', label: t('arrangeUi.fet.ignored', { count: preview.ignored.length }), children: constraints(preview.ignored, 'orange', 'arrange-fet-ignored'), span: 'filled' },
      ]}
    />
  );
}

interface MappingsProps {
  preview: FetPreview;
  options: ArrangeOptions;
  /** The school's courses; undefined while read (or when they cannot be): a matched course then shows by its id. */
  courses: { id: number; name: string }[] | undefined;
  choices: Choices;
  onChoose: (kind: MapKind, index: number, value: number | undefined) => void;
  tab: MapKind;
  onTab: (tab: MapKind) => void;
  /** Years to flag: their groups are created and they have no grade (after an import was tried). */
  missingGrade: Set<string> | undefined;
}

const SELECT_WIDTH = 300;

/** The five matching tables, one tab each, one row per FET name. */
function Mappings({ preview, options, courses, choices, onChoose, tab, onTab, missingGrade }: MappingsProps) {
  const { t } = useTranslation();
  type Row<T> = T & { index: number };
  const withIndex = <T,>(list: T[]): Row<T>[] => list.map((item, index) => ({ ...item, index }));

  const gradeOptions = useMemo(() => options.grades.map((grade) => ({ value: grade.id, label: grade.name })), [options.grades]);
  const staffLabel = (item: { name: string; staffNumber?: string }) => (item.staffNumber ? `${item.name} (${item.staffNumber})` : item.name);
  const allTeachers = useMemo(() => options.teachers.map((item) => ({ value: item.id, label: staffLabel(item) })), [options.teachers]);
  const noRecord = { value: NONE, label: t('arrangeUi.fet.noStaff') };
  const yearIndex = useMemo(() => new Map(preview.years.map((year, index) => [year.name, index])), [preview.years]);
  const gradeName = (id: number) => options.grades.find((grade) => grade.id === id)?.name;

  const classOptionsFor = (year: string, chosen: number): SelectProps['options'] => {
    const index = yearIndex.get(year);
    const gradeId = index === undefined ? NONE : (choices.years[index] ?? NONE);
    const classes = gradeId === NONE ? options.classes : options.classes.filter((item) => item.gradeId === gradeId || item.id === chosen);
    const label = (item: ArrangeOptions['classes'][number]) => (gradeId === NONE ? [gradeName(item.gradeId), item.name].filter(Boolean).join(' · ') : item.name);
    return [{ value: NONE, label: t('arrangeUi.fet.createClass') }, ...classes.map((item) => ({ value: item.id, label: label(item) }))];
  };

  const teacherOptionsFor = (candidates: FetPreview['teachers'][number]['candidates']): SelectProps['options'] => {
    if (candidates.length === 0) return [noRecord, ...allTeachers];
    const ids = new Set(candidates.map((item) => item.id));
    const byId = new Map(options.teachers.map((item) => [item.id, item]));
    return [
      noRecord,
      { label: t('arrangeUi.fet.sameName'), title: t('arrangeUi.fet.sameName'), options: candidates.map((item) => ({ value: item.id, label: staffLabel(byId.get(item.id) ?? item) })) },
      { label: t('arrangeUi.fet.allStaff'), title: t('arrangeUi.fet.allStaff'), options: allTeachers.filter((item) => !ids.has(item.value)) },
    ];
  };

  const courseOptions = useMemo(() => {
    const list: { value: number; label: string }[] = [{ value: NONE, label: t('arrangeUi.fet.createCourse') }, ...(courses ?? []).map((item) => ({ value: item.id, label: item.name }))];
    // Without the course list a matched course still shows, by its id.
    const known = new Set(list.map((item) => item.value));
    for (const subject of preview.subjects) {
      if (subject.courseId && !known.has(subject.courseId)) {
        known.add(subject.courseId);
        list.push({ value: subject.courseId, label: t('arrangeUi.fet.matchedCourse', { id: subject.courseId }) });
      }
    }
    return list;
  }, [courses, preview.subjects, t]);

  const roomOptions = useMemo(
    () => [{ value: NONE, label: t('arrangeUi.fet.createRoom') }, ...options.classrooms.map((item) => ({ value: item.id, label: item.name }))],
    [options.classrooms, t],
  );

  const select = (kind: MapKind, index: number, selectOptions: SelectProps['options'], extra: Partial<SelectProps> = {}) => (
    <Select<number>
      value={kind === 'years' && (choices.years[index] ?? NONE) === NONE ? undefined : (choices[kind][index] ?? NONE)}
      onChange={(value) => onChoose(kind, index, value)}
      options={selectOptions}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      style={{ width: SELECT_WIDTH }}
      aria-label={t(`arrangeUi.fet.tab.${kind}`)}
      data-testid={`arrange-fet-${kind}-${index}`}
      {...extra}
    />
  );

  const nameColumn = { key: 'name', dataIndex: 'name', title: t('arrangeUi.fet.fetName'), width: 200 } as const;

  const yearColumns: TableColumnsType<Row<FetPreview['years'][number]>> = [
    nameColumn,
    { key: 'groups', title: t('arrangeUi.fet.groupCount'), width: 100, align: 'right', render: (_, row) => preview.groups.filter((group) => group.year === row.name).length },
    {
      key: 'grade',
      title: t('arrangeUi.grade'),
      render: (_, row) => {
        const missing = missingGrade?.has(row.name);
        return (
          <Space orientation="vertical" size={2}>
            {select('years', row.index, gradeOptions, { allowClear: true, placeholder: t('arrangeUi.fet.chooseGrade'), status: missing ? 'error' : undefined })}
            {missing && (
              <Typography.Text type="danger" className="arrange-small" data-testid={`arrange-fet-years-${row.index}-error`}>
                {t('arrangeUi.fet.gradeRequired')}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
  ];

  const groupColumns: TableColumnsType<Row<FetPreview['groups'][number]>> = [
    nameColumn,
    { key: 'year', dataIndex: 'year', title: t('arrangeUi.fet.year'), width: 140 },
    { key: 'students', dataIndex: 'students', title: t('arrangeUi.fet.students'), width: 90, align: 'right' },
    { key: 'class', title: t('arrangeUi.col.class'), render: (_, row) => select('groups', row.index, classOptionsFor(row.year, choices.groups[row.index] ?? NONE)) },
  ];

  const teacherColumns: TableColumnsType<Row<FetPreview['teachers'][number]>> = [
    {
      ...nameColumn,
      render: (value: string, row) => (
        <Space size={6} wrap>
          <span>{value}</span>
          {(choices.teachers[row.index] ?? NONE) === NONE && (
            <Tag color="warning" className="arrange-tag" data-testid={`arrange-fet-teachers-${row.index}-unmatched`}>
              {t('arrangeUi.fet.noRecordTag')}
            </Tag>
          )}
          {row.candidates.length > 1 && (
            <Tag color="blue" className="arrange-tag">
              {t('arrangeUi.fet.candidates', { count: row.candidates.length })}
            </Tag>
          )}
        </Space>
      ),
    },
    { key: 'staff', title: t('arrangeUi.fet.staff'), render: (_, row) => select('teachers', row.index, teacherOptionsFor(row.candidates)) },
  ];

  const subjectColumns: TableColumnsType<Row<FetPreview['subjects'][number]>> = [nameColumn, { key: 'course', title: t('arrangeUi.col.course'), render: (_, row) => select('subjects', row.index, courseOptions) }];

  const roomColumns: TableColumnsType<Row<FetPreview['rooms'][number]>> = [
    nameColumn,
    { key: 'capacity', dataIndex: 'capacity', title: t('arrangeUi.fet.capacity'), width: 90, align: 'right' },
    { key: 'room', title: t('arrangeUi.col.room'), render: (_, row) => select('rooms', row.index, roomOptions) },
  ];

  const unmatchedTeachers = choices.teachers.filter((value) => value === NONE).length;
  const table = <T extends { name: string; index: number }>(kind: MapKind, rows: T[], columns: TableColumnsType<T>) => (
    <Table<T>
      size="small"
      rowKey="index"
      dataSource={rows}
      columns={columns}
      pagination={rows.length > PAGE.pageSize ? PAGE : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('arrangeUi.fet.none') }}
      data-testid={`arrange-fet-table-${kind}`}
    />
  );
  const label = (kind: MapKind, count: number, flagged = 0) => (
    <span data-testid={`arrange-fet-tab-${kind}`}>
      {t(`arrangeUi.fet.tab.${kind}`)} ({count})
      {flagged > 0 && (
        <Tag color="warning" className="arrange-tag arrange-fet-flag">
          {flagged}
        </Tag>
      )}
    </span>
  );

  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => onTab(key as MapKind)}
      className="arrange-fet-tabs"
      items={[
        { key: 'years', label: label('years', preview.years.length, missingGrade?.size ?? 0), children: table('years', withIndex(preview.years), yearColumns) },
        { key: 'groups', label: label('groups', preview.groups.length), children: table('groups', withIndex(preview.groups), groupColumns) },
        {
          key: 'teachers',
          label: label('teachers', preview.teachers.length, unmatchedTeachers),
          children: (
            <>
              {unmatchedTeachers > 0 && <Alert type="warning" showIcon className="arrange-gap" title={t('arrangeUi.fet.noRecordHint', { count: unmatchedTeachers })} data-testid="arrange-fet-teachers-hint" />}
              {table('teachers', withIndex(preview.teachers), teacherColumns)}
            </>
          ),
        },
        { key: 'subjects', label: label('subjects', preview.subjects.length), children: table('subjects', withIndex(preview.subjects), subjectColumns) },
        { key: 'rooms', label: label('rooms', preview.rooms.length), children: table('rooms', withIndex(preview.rooms), roomColumns) },
      ]}
    />
  );
}
