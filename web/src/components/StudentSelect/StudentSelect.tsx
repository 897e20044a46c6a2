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

/** The chosen students first (with the names seen before), then those the search found, each once. */
function studentOptions(chosenIds: readonly number[], names: ReadonlyMap<number, AwardStudent>, found: readonly AwardStudent[]) {
  const chosen = chosenIds.map((id) => names.get(id)).filter((student): student is AwardStudent => !!student);
  return [...new Map([...chosen, ...found].map((student) => [student.id, student])).values()].map((student) => ({ value: student.id, label: label(student) }));
}

/**
 * Several students the caller may choose, found by number or name as one types (their ids are the value).
 * Each screen passes its own call, which decides whose students these are (awards, conduct records).
 */
export function StudentSelect({ search, placeholder, value, onChange, known, disabled, 'data-testid': testId = 'student-select' }: StudentSelectProps) {
  const { found, names, loading, setKeyword } = useStudentSearch(search, known);

  const options = studentOptions(value ?? [], names, found);

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

export interface OneStudentSelectProps extends Omit<StudentSelectProps, 'value' | 'onChange' | 'known'> {
  value?: number | null;
  onChange?: (id: number | null) => void;
  className?: string;
}

/** One student the caller may choose, found by number or name as one types (a screen about one student at a time). */
export function OneStudentSelect({ search, placeholder, value, onChange, disabled, className, 'data-testid': testId = 'one-student-select' }: OneStudentSelectProps) {
  const { found, names, loading, setKeyword } = useStudentSearch(search);
  return (
    <Select<number>
      allowClear
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={studentOptions(value ? [value] : [], names, found)}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      className={className}
      data-testid={testId}
    />
  );
}
