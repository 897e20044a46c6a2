import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Form, Input, Modal, Radio, Select, Tag, Typography } from 'antd';
import { CloseCircleOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHOICE_COUNT, type ShiftBatchRow, type ShiftCourseRow, type ShiftStudentRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { SHIFT_CALLS, chooseFor, fetchCombinations, fetchCourses, fetchShiftOptions, shiftKeys } from '../../../api/shiftClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { byName } from '../common/parts.tsx';
import { BatchPage, genderText, refusalText } from './parts.tsx';

interface SearchForm {
  keyword?: string;
  classId?: number;
  chosen?: 'chosen' | 'notChosen';
}

/** A combination as the list's filter: the batch course ids, sorted, joined by ','. */
export const combinationKey = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

/**
 * /zbgl/xsgl?batchId=, students and choices: how many students chose each combination (a click filters the list), the
 * grade's students with their choices and shift classes, and the office's entry of a student's choice.
 */
export default function StudentsPage(props: PageProps) {
  return (
    <BatchPage {...props} page="students">
      {(batch) => <Students batch={batch} />}
    </BatchPage>
  );
}

function Students({ batch }: { batch: ShiftBatchRow }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const client = useQueryClient();
  const table = usePagedTable<ShiftStudentRow>();
  const [form] = Form.useForm<SearchForm>();
  const search = useRef<Record<string, unknown>>({});
  const [combination, setCombination] = useState('');
  const [editing, setEditing] = useState<ShiftStudentRow | null>(null);
  const combinations = useQuery({ queryKey: shiftKeys.combinations(batch.id), queryFn: ({ signal }) => fetchCombinations(batch.id, signal) });
  const courses = useQuery({ queryKey: shiftKeys.courses(batch.id), queryFn: ({ signal }) => fetchCourses(batch.id, signal) });
  const options = useQuery({ queryKey: shiftKeys.options, queryFn: ({ signal }) => fetchShiftOptions(signal) });
  const gradeClasses = (options.data?.classes ?? []).filter((c) => c.gradeId === batch.gradeId);
  const chosenTotal = (combinations.data ?? []).reduce((sum, row) => sum + row.students, 0);

  const run = (next: { values?: SearchForm; combination?: string }) => {
    const values = next.values ?? (form.getFieldsValue() as SearchForm);
    const picked = next.combination ?? combination;
    search.current = { keyword: values.keyword?.trim() ?? '', classId: values.classId ?? '', chosen: values.chosen ?? '', combination: picked };
    table.current?.search(search.current);
  };
  const pick = (key: string) => {
    const next = key === combination ? '' : key;
    setCombination(next);
    run({ combination: next });
  };

  const columns: PagedColumn<ShiftStudentRow>[] = [
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('shiftUi.col.studentNumber'), width: 110 },
    { key: 'name', dataIndex: 'name', title: t('shiftUi.col.student'), width: 80, render: (name: string) => <span className="elective-strong">{name}</span> },
    { key: 'gender', dataIndex: 'gender', title: t('shiftUi.col.gender'), width: english ? 80 : 60, render: (code: string) => genderText(t, code) },
    { key: 'className', dataIndex: 'className', title: t('shiftUi.col.adminClass'), width: 100 },
    {
      key: 'choiceNames',
      title: t('shiftUi.col.choice'),
      width: 200,
      render: (_: unknown, row) =>
        row.choiceNames.length ? (
          <span className="shift-choices" data-testid={`shift-student-choice-${row.studentId}`}>
            {row.choiceNames.map((name) => (
              <Tag key={name} className="elective-tag">
                {name}
              </Tag>
            ))}
          </span>
        ) : (
          <Typography.Text type="secondary" data-testid={`shift-student-choice-${row.studentId}`}>
            {t('shiftUi.students.notChosen')}
          </Typography.Text>
        ),
    },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('shiftUi.col.updatedAt'), width: 100, render: (value: string | null) => value ?? '—' },
    { key: 'shiftClasses', title: t('shiftUi.col.shiftClasses'), width: 200, render: (_: unknown, row) => (row.shiftClasses.length ? row.shiftClasses.join(t('shiftUi.listSeparator')) : '—') },
    {
      key: 'actions',
      title: t('manage.actions'),
      fixed: 'right',
      width: english ? 130 : 110,
      render: (_: unknown, row) => (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid={`shift-student-edit-${row.studentId}`}>
          {t('shiftUi.students.setChoice')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <section className="shift-panel" data-testid="shift-combinations">
        <div className="shift-bar">
          <span className="shift-panel-title">{t('shiftUi.students.combinations')}</span>
          <span className="elective-small elective-muted">{t('shiftUi.students.combinationsHint', { chosen: chosenTotal, combinations: combinations.data?.length ?? 0 })}</span>
        </div>
        {combinations.data?.length ? (
          <div className="shift-combinations">
            {combinations.data.map((row) => {
              const key = combinationKey(row.batchCourseIds);
              return (
                <Tag.CheckableTag key={key} checked={key === combination} onChange={() => pick(key)} data-testid={`shift-combination-${key}`}>
                  {row.names.join(english ? ' + ' : '+')}
                  <span className="shift-combination-count">{row.students}</span>
                </Tag.CheckableTag>
              );
            })}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('shiftUi.students.noCombinations')}</Typography.Text>
        )}
      </section>
      <div className="shift-page" data-testid="shift-students">
        <QueryHeader<SearchForm>
          form={form}
          onSearch={(values) => run({ values })}
          onReset={() => {
            setCombination('');
            run({ values: {}, combination: '' });
          }}
        >
          <Form.Item name="keyword" label={t('shiftUi.students.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('shiftUi.students.keywordHint')} data-testid="shift-students-keyword" />
          </Form.Item>
          {!!gradeClasses.length && (
            <Form.Item name="classId" label={t('shiftUi.col.adminClass')}>
              <Select allowClear options={byName(gradeClasses)} placeholder={t('manage.all')} style={{ width: 140 }} data-testid="shift-students-class" />
            </Form.Item>
          )}
          <Form.Item name="chosen" label={t('shiftUi.students.chosenFilter')}>
            <Select
              allowClear
              options={[
                { value: 'chosen', label: t('shiftUi.students.chosen') },
                { value: 'notChosen', label: t('shiftUi.students.notChosen') },
              ]}
              placeholder={t('manage.all')}
              style={{ width: 130 }}
              data-testid="shift-students-chosen"
            />
          </Form.Item>
        </QueryHeader>
        {combination && (
          <div className="shift-bar">
            <Tag closable onClose={() => pick(combination)} data-testid="shift-students-combination">
              {t('shiftUi.students.combinationFilter', {
                names: combinations.data?.find((row) => combinationKey(row.batchCourseIds) === combination)?.names.join('+') ?? combination,
              })}
            </Tag>
          </div>
        )}
        <PagedTable<ShiftStudentRow>
          ref={table}
          url={SHIFT_CALLS.studentsPage}
          extraBody={{ batchId: batch.id }}
          rowKey="studentId"
          columns={columns}
          defaultSearch={search.current}
          scroll={{ x: 'max-content' }}
          data-testid="shift-students-table"
        />
      </div>
      <ChoiceDialog
        batch={batch}
        student={editing}
        courses={courses.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          table.current?.reload();
          void client.invalidateQueries({ queryKey: shiftKeys.combinations(batch.id) });
          void client.invalidateQueries({ queryKey: shiftKeys.courses(batch.id) });
          void client.invalidateQueries({ queryKey: shiftKeys.head(batch.id) });
        }}
      />
    </>
  );
}

const label = (course: ShiftCourseRow) => (course.level ? `${course.courseName} ${course.level}` : course.courseName);

/**
 * A student's choice: under 3+1+2 one subject of the first group and two of the second, under 3+3 any three.
 * An empty choice removes it; the server's refusal shows in the dialog.
 */
export function ChoiceDialog({
  batch,
  student,
  courses,
  onClose,
  onSaved,
}: {
  batch: ShiftBatchRow;
  student: ShiftStudentRow | null;
  courses: ShiftCourseRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<ShiftStudentRow | null>(null);
  if (student !== shown) {
    setShown(student);
    setChosen(student?.batchCourseIds ?? []);
    setError('');
  }
  const first = courses.filter((course) => course.choiceGroup === 'first');
  const second = courses.filter((course) => course.choiceGroup === 'second');
  const scheme312 = batch.scheme === '312';

  const save = async (ids: number[]) => {
    if (!student) return;
    setBusy(true);
    setError('');
    try {
      const msg = await chooseFor({ batchId: batch.id, studentId: student.studentId, batchCourseIds: ids });
      feedback().message.success(msg || t('shift.choiceSaved'));
      onSaved();
      onClose();
    } catch (failure) {
      setError(refusalText(failure));
    } finally {
      setBusy(false);
    }
  };

  const options = (items: ShiftCourseRow[]) => items.map((course) => ({ value: course.id, label: label(course) }));
  const firstValue = chosen.find((id) => first.some((course) => course.id === id));

  return (
    <Modal
      open={!!student}
      title={student ? t('shiftUi.students.choiceTitle', { name: student.name, number: student.studentNumber }) : ''}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="clear" icon={<CloseCircleOutlined />} disabled={busy || !student?.batchCourseIds.length} onClick={() => void save([])} data-testid="shift-choice-clear">
          {t('shiftUi.students.clearChoice')}
        </Button>,
        <Button key="cancel" onClick={onClose} data-testid="shift-choice-cancel">
          {t('manage.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => void save(chosen)} data-testid="shift-choice-ok">
          {t('manage.save')}
        </Button>,
      ]}
    >
      <div className="shift-page" data-testid="shift-choice-dialog">
        {courses.length === 0 ? (
          <Empty description={t('shift.noCourses')} />
        ) : scheme312 ? (
          <>
            <div>
              <div className="elective-strong">{t('shiftUi.students.firstGroup')}</div>
              <Radio.Group
                value={firstValue}
                onChange={(event) => setChosen((current) => [...current.filter((id) => !first.some((course) => course.id === id)), event.target.value as number])}
                options={options(first)}
                data-testid="shift-choice-first"
              />
            </div>
            <div>
              <div className="elective-strong">{t('shiftUi.students.secondGroup')}</div>
              <Checkbox.Group
                value={chosen.filter((id) => second.some((course) => course.id === id))}
                onChange={(values) => setChosen((current) => [...current.filter((id) => !second.some((course) => course.id === id)), ...(values as number[])])}
                options={options(second)}
                data-testid="shift-choice-second"
              />
            </div>
          </>
        ) : (
          <div>
            <div className="elective-strong">{t('shiftUi.students.anyThree', { count: CHOICE_COUNT })}</div>
            <Checkbox.Group value={chosen} onChange={(values) => setChosen(values as number[])} options={options(courses)} data-testid="shift-choice-any" />
          </div>
        )}
        <Typography.Text type="secondary" className="elective-small">
          {t('shiftUi.students.choiceCount', { count: chosen.length, total: CHOICE_COUNT })}
        </Typography.Text>
        {error && <Alert type="error" showIcon title={error} data-testid="shift-choice-error" />}
      </div>
    </Modal>
  );
}
