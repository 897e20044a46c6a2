import { Checkbox, Radio } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHOICE_COUNT, type ShiftScheme } from '@campus/contract';
import { SECOND_COUNT, courseLabel, split, type ChoiceCourse } from './rules.ts';

export interface ChoicePickerProps {
  scheme: ShiftScheme;
  courses: readonly ChoiceCourse[];
  value: readonly number[];
  onChange?: (ids: number[]) => void;
  /** Shows the subjects and the choice without inputs (the window not open, or closed). */
  readOnly?: boolean;
  /** Prefix of the options' test ids: `<prefix>-<batch course id>`. */
  testIdPrefix: string;
}

/** The subject's name, level and weekly hours inside its option. */
function OptionText({ course, testId }: { course: ChoiceCourse; testId: string }) {
  const { t } = useTranslation();
  return (
    <span className="shift-choice-option-text" data-testid={testId}>
      <span className="shift-choice-option-name">{course.courseName}</span>
      <span className="shift-choice-option-facts">
        {[course.level ? t('shiftChoice.level', { level: course.level }) : '', t('shiftChoice.hours', { hours: course.weeklyHours })].filter(Boolean).join(' · ')}
      </span>
    </span>
  );
}

/**
 * The subjects of a batch by group: 3+1+2 a radio for the first choice and check boxes (two at most) for the
 * second; 3+3 check boxes, three at most. Options are whole-width tiles, easy to hit with a thumb.
 */
export function ChoicePicker({ scheme, courses, value, onChange, readOnly, testIdPrefix }: ChoicePickerProps) {
  const { t } = useTranslation();
  const { first, second } = split(scheme, courses, value);
  const groups =
    scheme === '33'
      ? [{ key: 'any', title: t('shiftChoice.group33', { count: CHOICE_COUNT }), items: courses, limit: CHOICE_COUNT, radio: false }]
      : [
          { key: 'first', title: t('shiftChoice.groupFirst'), items: courses.filter((course) => course.choiceGroup === 'first'), limit: 1, radio: true },
          { key: 'second', title: t('shiftChoice.groupSecond', { count: SECOND_COUNT }), items: courses.filter((course) => course.choiceGroup !== 'first'), limit: SECOND_COUNT, radio: false },
        ];

  return (
    <div className="shift-choice-groups">
      {groups.map((group) => {
        const ids = group.key === 'first' ? first : second;
        let options;
        if (readOnly) {
          options = (
            <div className="shift-choice-options">
              {group.items.map((course) => {
                const chosen = value.includes(course.id);
                return (
                  <div key={course.id} className={`shift-choice-option is-static${chosen ? ' is-chosen' : ''}`} aria-label={chosen ? t('shiftChoice.chosenMark', { name: courseLabel(t, course) }) : undefined}>
                    {chosen ? <CheckCircleFilled className="shift-choice-check" /> : <span className="shift-choice-check is-empty" />}
                    <OptionText course={course} testId={`${testIdPrefix}-${course.id}`} />
                  </div>
                );
              })}
            </div>
          );
        } else if (group.radio) {
          options = (
            <Radio.Group className="shift-choice-options" value={ids[0]} onChange={(event) => onChange?.([event.target.value as number, ...second])}>
              {group.items.map((course) => (
                <Radio key={course.id} value={course.id} className="shift-choice-option">
                  <OptionText course={course} testId={`${testIdPrefix}-${course.id}`} />
                </Radio>
              ))}
            </Radio.Group>
          );
        } else {
          options = (
            <Checkbox.Group<number> className="shift-choice-options" value={ids} onChange={(next) => onChange?.([...first, ...next])}>
              {group.items.map((course) => (
                <Checkbox key={course.id} value={course.id} className="shift-choice-option" disabled={!ids.includes(course.id) && ids.length >= group.limit}>
                  <OptionText course={course} testId={`${testIdPrefix}-${course.id}`} />
                </Checkbox>
              ))}
            </Checkbox.Group>
          );
        }
        return (
          <section key={group.key} className="shift-choice-group" aria-label={group.title}>
            <div className="shift-choice-group-title">
              <span>{group.title}</span>
              {!readOnly && <span className="shift-choice-count">{t('shiftChoice.counted', { chosen: ids.length, count: group.limit })}</span>}
            </div>
            {group.items.length ? options : <span className="shift-choice-muted">{t('shiftChoice.noSubjects')}</span>}
          </section>
        );
      })}
    </div>
  );
}
