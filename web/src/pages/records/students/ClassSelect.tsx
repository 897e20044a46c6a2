import { Select, type SelectProps } from 'antd';
import { classSelectOptions, useClassOptions } from '../../../api/classes.ts';

export interface ClassSelectProps extends Omit<SelectProps<string>, 'options' | 'loading' | 'showSearch'> {
  'data-testid'?: string;
}

/**
 * A drop-down of the classes the signed-in user may see (POST /api/classes/list), searchable by class
 * name or number; the value is the class number (BH). Used by the student list and the class timetable.
 */
export function ClassSelect(props: ClassSelectProps) {
  const { classes, loading } = useClassOptions();
  return <Select<string> {...props} loading={loading} options={classSelectOptions(classes)} showSearch={{ optionFilterProp: 'search' }} />;
}
