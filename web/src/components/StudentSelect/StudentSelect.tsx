import { Select, Spin } from 'antd';
import type { AwardStudent } from '@campus/contract';
import { useStudentSearch } from './useStudentSearch.ts';

export interface StudentSelectProps {
  /** The screen's own call of the students its user may choose (by number or name). */
  search: (keyword: string, signal: AbortSignal) => Promise<AwardStudent[]>;
  /** The placeholder, in the screen's words. */
  placeholder?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Students already chosen (an item being modified), so their names show before any search. */
  known?: readonly AwardStudent[];
  disabled?: boolean;
  'data-testid'?: string;
}

const label = (student: AwardStudent) => `${student.name} · ${student.studentNumber}${student.className ? ` · ${student.className}` : ''}`;

/**
 * Several students the caller may choose, found by number or name as one types (their ids are the value).
 * Each screen passes its own call, which decides whose students these are (awards, conduct records).
 */
export function StudentSelect({ search, placeholder, value, onChange, known, disabled, 'data-testid': testId = 'student-select' }: StudentSelectProps) {
  const { found, names, loading, setKeyword } = useStudentSearch(search, known);

  const chosen = (value ?? []).map((id) => names.get(id)).filter((student): student is AwardStudent => !!student);
  const options = [...new Map([...chosen, ...found].map((student) => [student.id, student])).values()].map((student) => ({ value: student.id, label: label(student) }));

  return (
    <Select<number[]>
      mode="multiple"
      value={value}
      onChange={(ids) => onChange?.(ids)}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={options}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      maxTagCount="responsive"
      data-testid={testId}
    />
  );
}
