import { Button, Select, Tag } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportStudent, ReportStudents } from '@campus/contract';
import { ChildChooser } from '../../../components/ChildChooser/index.ts';
import type { ReportChoice } from './useReportChoice.ts';

type ReportClass = ReportStudents['classes'][number];

/** The classes grouped by grade (the office sees every class of the school). */
function classOptions(classes: readonly ReportClass[]) {
  const groups = new Map<string, ReportClass[]>();
  for (const item of classes) {
    const group = groups.get(item.gradeName);
    if (group) group.push(item);
    else groups.set(item.gradeName, [item]);
  }
  const option = (item: ReportClass) => ({ value: item.id, label: item.name, search: `${item.gradeName} ${item.name}` });
  if (groups.size <= 1) return classes.map(option);
  return [...groups].map(([gradeName, items]) => ({ label: gradeName, title: gradeName, options: items.map(option) }));
}

const studentLabel = (student: ReportStudent) => (student.studentNumber ? `${student.name} (${student.studentNumber})` : student.name);

/**
 * The choice bar of both reports: the term; staff a class and one of its students (with the previous and next
 * student, to go through the class); a parent with several children the child.
 */
export function ReportChoiceBar({ choice, phone, testIdPrefix = 'report' }: { choice: ReportChoice; phone: boolean; testIdPrefix?: string }) {
  const { t } = useTranslation();
  const { options, staff, students, studentId } = choice;
  if (!options) return null;
  const terms = options.terms;
  const at = students.findIndex((one) => one.id === studentId);
  const width = phone ? '100%' : undefined;

  return (
    <div className={`report-bar${phone ? ' is-phone' : ''}`} data-testid={`${testIdPrefix}-bar`}>
      {terms.length > 0 && (
        <label className="report-field">
          <span className="report-field-label">{t('reportParts.term')}</span>
          <Select<number>
            value={choice.termId ?? undefined}
            onChange={choice.setTerm}
            options={terms.map((term) => ({ value: term.id, label: term.name, current: term.isCurrent }))}
            optionRender={(option) => (
              <span className="report-option">
                {option.data.label}
                {option.data.current && (
                  <Tag color="blue" className="report-option-tag">
                    {t('reportParts.currentTerm')}
                  </Tag>
                )}
              </span>
            )}
            popupMatchSelectWidth={false}
            style={{ width: width ?? 220 }}
            aria-label={t('reportParts.term')}
            data-testid={`${testIdPrefix}-term`}
          />
        </label>
      )}
      {staff && (
        <>
          <label className="report-field">
            <span className="report-field-label">{t('reportParts.class')}</span>
            <Select<number>
              value={choice.classId ?? undefined}
              onChange={choice.setClass}
              options={classOptions(options.classes)}
              showSearch={{ optionFilterProp: 'search' }}
              placeholder={t('reportParts.classPlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: width ?? 180 }}
              aria-label={t('reportParts.class')}
              data-testid={`${testIdPrefix}-class`}
            />
          </label>
          <div className="report-field">
            <span className="report-field-label">{t('reportParts.student')}</span>
            <span className="report-student-pick">
              <Button
                icon={<LeftOutlined />}
                disabled={at <= 0}
                onClick={() => choice.setStudent(students[at - 1]!.id)}
                aria-label={t('reportParts.previousStudent')}
                title={t('reportParts.previousStudent')}
                data-testid={`${testIdPrefix}-previous`}
              />
              <Select<number>
                value={studentId ?? undefined}
                onChange={choice.setStudent}
                options={students.map((student) => ({ value: student.id, label: studentLabel(student), search: `${student.name} ${student.studentNumber}` }))}
                showSearch={{ optionFilterProp: 'search' }}
                loading={choice.switching}
                disabled={!students.length}
                placeholder={choice.switching ? t('reportParts.loadingStudents') : t('reportParts.studentPlaceholder')}
                popupMatchSelectWidth={false}
                className="report-student-select"
                style={{ width: phone ? undefined : 220 }}
                aria-label={t('reportParts.student')}
                data-testid={`${testIdPrefix}-student-select`}
              />
              <Button
                icon={<RightOutlined />}
                disabled={at < 0 || at >= students.length - 1}
                onClick={() => choice.setStudent(students[at + 1]!.id)}
                aria-label={t('reportParts.nextStudent')}
                title={t('reportParts.nextStudent')}
                data-testid={`${testIdPrefix}-next`}
              />
            </span>
          </div>
          {students.length > 0 && (
            <span className="report-position" data-testid={`${testIdPrefix}-position`}>
              {t('reportParts.position', { at: at + 1, count: students.length })}
            </span>
          )}
        </>
      )}
      {!staff && students.length > 1 && (
        <div className="report-children" data-testid={`${testIdPrefix}-children-bar`}>
          <ChildChooser
            items={students.map((student) => ({ id: student.id, name: student.name, className: student.className }))}
            value={studentId}
            onChange={choice.setStudent}
            phone={phone}
            label={t('reportParts.child')}
            testIdPrefix={testIdPrefix}
          />
        </div>
      )}
    </div>
  );
}
