import { Button, type TableColumnType } from 'antd';
import type { FormListFieldData } from 'antd/es/form';
import { DeleteOutlined } from '@ant-design/icons';

/**
 * The last column of a form's list of rows (levels, subjects, parts): a red bin that removes its row.
 * `label` names the action for screen readers and the tooltip; each button's test id is `<testIdPrefix>-<index>`.
 */
export function removeRowColumn(label: string, remove: (index: number) => void, testIdPrefix: string, width = 48): TableColumnType<FormListFieldData> {
  return {
    key: 'remove',
    width,
    render: (_, field) => (
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={label} title={label} onClick={() => remove(field.name)} data-testid={`${testIdPrefix}-${field.name}`} />
    ),
  };
}
