import { useState } from 'react';
import { DatePicker, Descriptions, Form, Input, Radio, Select, Spin, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ROLL_ATTACHMENTS,
  ROLL_CHANGE_INTO_CLASS,
  ROLL_CHANGE_KINDS,
  ROLL_REASON_MAX,
  ROLL_SCHOOL_MAX,
  rollChangeCreateSchema,
  type RollChangeCreate,
  type RollChangeKind,
  type RollStudentOption,
  schoolDateOf,
} from '@campus/contract';
import { useStudentSearch } from '../../../components/StudentSelect/index.ts';
import { classLabel, fetchRollClasses, fetchRollStatusNames, searchRollStudents } from '../../../api/roll.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { schoolLabelKey } from './RollParts.tsx';

export interface RollChangeFormValues {
  studentId?: number;
  kind?: RollChangeKind;
  toClassId?: number | null;
  effectiveDate: string;
  reason: string;
  school: string;
  images: string[];
}

// The school's date, which the server checks against, not the browser's (another zone would be a day off).
const today = () => schoolDateOf();

/** The form's first values: takes effect today, nothing else chosen. */
export function rollChangeFormValues(): Partial<RollChangeFormValues> {
  return { effectiveDate: today(), reason: '', school: '', images: [] };
}

/** The call's body: the class only for the kinds that place the student in one, the school only where it means something. */
export function rollChangeBody(values: RollChangeFormValues): RollChangeCreate {
  const kind = values.kind;
  const intoClass = !!kind && ROLL_CHANGE_INTO_CLASS.includes(kind);
  const keepsSchool = kind === 'transferOut' || kind === 'insertClass';
  return rollChangeCreateSchema.parse({
    ...values,
    toClassId: intoClass ? (values.toClassId ?? null) : null,
    school: keepsSchool ? (values.school ?? '') : '',
    images: values.images ?? [],
  });
}

/** A YYYY-MM-DD form value shown in a DatePicker (and read back as YYYY-MM-DD). */
const dateField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

/** "Class 8-2 (38/50)": the class with its size and limit. */
const studentLabel = (student: RollStudentOption) => `${student.name} · ${student.studentNumber}${student.className ? ` · ${student.className}` : ''}`;

interface StudentPickerProps {
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** The chosen student with their roll as it is. */
  onStudent: (student: RollStudentOption | null) => void;
}

/** One student the caller may file a change for, found by name or number as one types. */
function StudentPicker({ value, onChange, onStudent }: StudentPickerProps) {
  const { t } = useTranslation();
  const { found, names: known, loading, setKeyword } = useStudentSearch(searchRollStudents);

  const chosen = value !== undefined ? known.get(value) : undefined;
  const options = [...new Map([...(chosen ? [chosen] : []), ...found].map((student) => [student.id, student])).values()].map((student) => ({
    value: student.id,
    label: studentLabel(student),
  }));

  return (
    <Select<number>
      value={value}
      onChange={(id) => {
        onChange?.(id);
        onStudent(id !== undefined ? (known.get(id) ?? null) : null);
      }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={options}
      placeholder={t('rollChanges.studentHint')}
      notFoundContent={loading ? <Spin size="small" /> : t('rollChanges.noStudents')}
      data-testid="roll-form-student"
    />
  );
}

export interface RollChangeFormProps {
  form: FormInstance<RollChangeFormValues>;
}

/**
 * The form of a new change: the student (with their class and statuses), the kind, the class they go into
 * (insert into class, resume), the date it takes effect (not in the past), the reason, the other school and
 * one photo of the supporting paper.
 */
export function RollChangeForm({ form }: RollChangeFormProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [student, setStudent] = useState<RollStudentOption | null>(null);
  const kind = Form.useWatch('kind', form);
  const classes = useQuery({ queryKey: ['roll', 'classes'], queryFn: ({ signal }) => fetchRollClasses(signal) });
  const statuses = useQuery({ queryKey: ['roll', 'statusNames'], queryFn: fetchRollStatusNames, staleTime: 5 * 60_000 });
  const intoClass = !!kind && ROLL_CHANGE_INTO_CLASS.includes(kind);
  const withSchool = kind === 'transferOut' || kind === 'insertClass';

  const rule = (field: keyof RollChangeFormValues) => zodRule(rollChangeCreateSchema, field, form);
  const required = (message: string): RuleObject => ({
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') throw new Error(t(message));
    },
  });
  // The schema's refinements (class, school) wait for every other field: these say it at once.
  const schoolRule: RuleObject = {
    validator: async (_rule, value: string | undefined) => {
      if (form.getFieldValue('kind') === 'transferOut' && !value?.trim()) throw new Error(t('roll.schoolRequired'));
    },
  };
  const dateRule: RuleObject = {
    validator: async (_rule, value: string | undefined) => {
      if (value && value < today()) throw new Error(t('roll.datePast'));
    },
  };
  // What the student's roll allows (the server checks again): leaving needs one on the roll and in school, resuming a suspended one.
  const kindRule: RuleObject = {
    validator: async (_rule, value: RollChangeKind | undefined) => {
      if (!student || !value) return;
      if ((value === 'transferOut' || value === 'suspend') && (student.enrolmentStatus !== '1' || student.inSchoolStatus !== '1')) {
        throw new Error(t('roll.notEnrolled', { name: student.name }));
      }
      if (value === 'resume' && student.enrolmentStatus !== '2') throw new Error(t('roll.notSuspended', { name: student.name }));
    },
  };

  const nameOf = (items: { code: string; name: string }[] | undefined, code: string) => items?.find((item) => item.code === code)?.name ?? code;
  const grades = [...new Set((classes.data ?? []).map((item) => item.gradeName))];
  const classOptions = grades.map((grade) => ({
    label: grade,
    title: grade,
    options: (classes.data ?? [])
      .filter((item) => item.gradeName === grade)
      .map((item) => ({ value: item.id, label: classLabel(item), disabled: item.size >= item.capacity || item.id === student?.classId })),
  }));

  return (
    <>
      <Form.Item name="studentId" label={t('rollChanges.student')} required rules={[required('rollChanges.studentRequired')]}>
        <StudentPicker
          onStudent={(next) => {
            setStudent(next);
            if (form.getFieldValue('kind')) void form.validateFields(['kind']).catch(() => undefined);
          }}
        />
      </Form.Item>
      {student && (
        <Descriptions
          size="small"
          column={phone ? 1 : 3}
          className="roll-student-facts"
          data-testid="roll-form-student-facts"
          items={[
            { key: 'class', label: t('rollChanges.currentClass'), children: student.className || t('rollChanges.noClass') },
            { key: 'enrolment', label: t('rollChanges.enrolmentStatus'), children: <span data-testid="roll-form-enrolment">{nameOf(statuses.data?.enrolment, student.enrolmentStatus)}</span> },
            { key: 'inSchool', label: t('rollChanges.inSchoolStatus'), children: <span data-testid="roll-form-in-school">{nameOf(statuses.data?.inSchool, student.inSchoolStatus)}</span> },
          ]}
        />
      )}
      <Form.Item name="kind" label={t('rollChanges.kind')} required rules={[rule('kind'), kindRule]}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={ROLL_CHANGE_KINDS.map((value) => ({ value, label: <span data-testid={`roll-form-kind-${value}`}>{t(`roll.kind.${value}`)}</span> }))}
          data-testid="roll-form-kind"
        />
      </Form.Item>
      {intoClass && (
        <Form.Item name="toClassId" label={t('rollChanges.toClass')} extra={t('rollChanges.toClassHint')} required rules={[required('roll.classRequired')]}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            loading={classes.isPending}
            options={classOptions}
            placeholder={t('rollChanges.toClassPlaceholder')}
            data-testid="roll-form-class"
          />
        </Form.Item>
      )}
      <div className="roll-form-row">
        <Form.Item name="effectiveDate" label={t('rollChanges.effectiveDate')} required validateFirst rules={[rule('effectiveDate'), dateRule]} {...dateField}>
          <DatePicker
            style={{ width: '100%' }}
            allowClear={false}
            disabledDate={(day) => day.format('YYYY-MM-DD') < today()}
            inputReadOnly={phone}
            data-testid="roll-form-date"
          />
        </Form.Item>
        {withSchool && (
          <Form.Item
            name="school"
            label={t(schoolLabelKey(kind))}
            required={kind === 'transferOut'}
            validateFirst
            rules={[schoolRule, rule('school')]}
            extra={kind === 'insertClass' ? t('rollChanges.schoolFromHint') : undefined}
          >
            <Input maxLength={ROLL_SCHOOL_MAX} placeholder={t(kind === 'transferOut' ? 'rollChanges.schoolToHint' : 'rollChanges.schoolFromPlaceholder')} data-testid="roll-form-school" />
          </Form.Item>
        )}
      </div>
      <Form.Item name="reason" label={t('rollChanges.reason')} required rules={[rule('reason')]}>
        <Input.TextArea maxLength={ROLL_REASON_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('rollChanges.reasonHint')} data-testid="roll-form-reason" />
      </Form.Item>
      <Form.Item name="images" label={t('rollChanges.photo')} extra={t('rollChanges.photoHint')} rules={[rule('images')]}>
        <FileUpload purpose={ROLL_ATTACHMENTS.images} capture={phone ? 'environment' : undefined} data-testid="roll-form-photo" />
      </Form.Item>
    </>
  );
}
