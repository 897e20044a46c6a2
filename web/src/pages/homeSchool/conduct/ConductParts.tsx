import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConductResult } from '@campus/contract';
import { searchConductStudents } from '../../../api/homeSchool.ts';
import { StudentSelect } from '../../../components/StudentSelect/index.ts';

const RESULT_COLOR: Record<ConductResult, string | undefined> = { praise: 'green', normal: undefined, improve: 'orange' };

/** A conduct result as a coloured tag: praise green, noted plain, to improve orange. */
export function ResultTag({ result }: { result: ConductResult }) {
  const { t } = useTranslation();
  return (
    <Tag color={RESULT_COLOR[result]} data-testid="conduct-result" data-result={result}>
      {t(`homeSchool.conduct.result.${result}`)}
    </Tag>
  );
}

/** The students of the caller's classes (all with the administrators' right), for the conduct form. */
export function ConductStudentSelect({ value, onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const { t } = useTranslation();
  return <StudentSelect search={searchConductStudents} placeholder={t('conduct.studentsHint')} value={value} onChange={onChange} data-testid="conduct-form-students" />;
}
