import { memo, useMemo, type HTMLAttributes } from 'react';
import { Button, Dropdown, Input, InputNumber, Select, Table, Tooltip, type TableColumnsType } from 'antd';
import { CheckCircleFilled, DownOutlined, EditFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EVALUATION_TEXT_MAX, type EvaluationItem, type EvaluationSheetRow } from '@campus/contract';
import { itemHint } from '../termMaintain/themeModel.ts';
import { currentValue, type CellProblem, type CellValue, type Edits, type RowState } from './fillModel.ts';

/** A text item longer than this is typed in a text area that grows with its answer. */
const LONG_TEXT = 60;

export interface FillGridProps {
  items: readonly EvaluationItem[];
  rows: readonly EvaluationSheetRow[];
  edits: Edits;
  states: ReadonlyMap<number, RowState>;
  readOnly: boolean;
  /** An answer typed or chosen (null: cleared). */
  onEdit: (studentId: number, itemId: number, value: CellValue) => void;
  /** Every empty answer of an enum column set to one option. */
  onFillColumn: (item: EvaluationItem, option: string) => void;
}

const columnWidth = (item: EvaluationItem) => {
  if (item.kind === 'number') return 130;
  if (item.kind === 'enum') return 150;
  return (item.maxLength ?? EVALUATION_TEXT_MAX) > LONG_TEXT ? 260 : 180;
};

/**
 * The class's answers as a grid: a row per student (number and name fixed on the left), a column per content
 * item with the editor of its kind, the last save of each row on the right. Each answer is checked as it is
 * typed with the contract's rules; a row changed since it was read is highlighted, and one with an answer but
 * a required item empty is marked.
 */
export function FillGrid({ items, rows, edits, states, readOnly, onEdit, onFillColumn }: FillGridProps) {
  const { t } = useTranslation();

  const columns = useMemo<TableColumnsType<EvaluationSheetRow>>(
    () => [
      {
        key: 'studentNumber',
        dataIndex: 'studentNumber',
        title: t('termFillPage.col.studentNumber'),
        width: 120,
        fixed: 'left',
        render: (value: string) => <span className="evaluation-fill-number">{value}</span>,
      },
      {
        key: 'name',
        title: t('termFillPage.col.name'),
        width: 120,
        fixed: 'left',
        render: (_: unknown, row) => <StudentName row={row} state={states.get(row.studentId)} items={items} />,
      },
      ...items.map((item) => ({
        key: `item-${item.id}`,
        title: <ItemHeader item={item} readOnly={readOnly} onFill={onFillColumn} />,
        width: columnWidth(item),
        render: (_: unknown, row: EvaluationSheetRow) => {
          const key = String(item.id);
          const state = states.get(row.studentId);
          return (
            <Cell
              item={item}
              studentId={row.studentId}
              studentName={row.name}
              value={currentValue(row, edits[row.studentId], key)}
              problem={state?.problems[key]}
              missing={!!state?.missing.includes(key)}
              readOnly={readOnly}
              onEdit={onEdit}
            />
          );
        },
      })),
      {
        key: 'updated',
        title: t('termFillPage.col.updated'),
        width: 170,
        render: (_: unknown, row) =>
          row.updatedAt ? (
            <div className="evaluation-fill-updated" data-testid={`evaluation-fill-updated-${row.studentId}`}>
              <span>{row.updatedByName ?? '—'}</span>
              <span className="evaluation-fill-muted">{row.savedAt ?? row.updatedAt}</span>
            </div>
          ) : (
            <span className="evaluation-fill-muted" data-testid={`evaluation-fill-updated-${row.studentId}`}>
              {t('termFillPage.notFilled')}
            </span>
          ),
      },
    ],
    [items, edits, states, readOnly, onEdit, onFillColumn, t],
  );

  const rowClassName = (row: EvaluationSheetRow) => {
    const state = states.get(row.studentId);
    return [state?.changed ? 'evaluation-fill-row-changed' : '', state?.missing.length ? 'evaluation-fill-row-incomplete' : ''].filter(Boolean).join(' ');
  };

  return (
    <div className="evaluation-fill-grid" data-testid="evaluation-fill-grid">
      <Table<EvaluationSheetRow>
        rowKey="studentId"
        size="small"
        bordered
        pagination={false}
        dataSource={rows as EvaluationSheetRow[]}
        columns={columns}
        rowClassName={rowClassName}
        onRow={(row) => ({ 'data-testid': `evaluation-fill-row-${row.studentId}`, 'data-changed': states.get(row.studentId)?.changed ? 'true' : undefined }) as HTMLAttributes<HTMLElement>}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}

/** The student's name, with a mark for a row changed, one with a required item missing, or complete. */
function StudentName({ row, state, items }: { row: EvaluationSheetRow; state: RowState | undefined; items: readonly EvaluationItem[] }) {
  const { t } = useTranslation();
  let mark = null;
  if (state?.missing.length) {
    const names = items.filter((item) => state.missing.includes(String(item.id))).map((item) => item.name);
    mark = (
      <Tooltip title={t('termFillPage.missing', { items: names.join(', ') })}>
        <ExclamationCircleFilled className="evaluation-fill-mark-incomplete" aria-label={t('termFillPage.missing', { items: names.join(', ') })} data-testid={`evaluation-fill-incomplete-${row.studentId}`} />
      </Tooltip>
    );
  } else if (state?.changed) {
    mark = (
      <Tooltip title={t('termFillPage.rowChanged')}>
        <EditFilled className="evaluation-fill-mark-changed" aria-label={t('termFillPage.rowChanged')} />
      </Tooltip>
    );
  } else if (state?.filled) {
    mark = <CheckCircleFilled className="evaluation-fill-mark-done" aria-label={t('termFillPage.rowFilled')} />;
  }
  const saved = row.updatedAt ? t('termFillPage.savedBy', { name: row.updatedByName ?? '—', time: row.savedAt ?? row.updatedAt }) : t('termFillPage.notFilled');
  return (
    <Tooltip title={saved} placement="right">
      <span className="evaluation-fill-name">
        <span>{row.name}</span>
        {mark}
      </span>
    </Tooltip>
  );
}

/** A column's head: the item's name (a star when required), the hint of its answers, and for an enum item the fill helper. */
function ItemHeader({ item, readOnly, onFill }: { item: EvaluationItem; readOnly: boolean; onFill: FillGridProps['onFillColumn'] }) {
  const { t } = useTranslation();
  const hint = itemHint(item);
  const hintText = t(hint.key, hint.values);
  return (
    <div className="evaluation-fill-head" data-testid={`evaluation-fill-head-${item.id}`}>
      <span className="evaluation-fill-head-name">
        {item.name}
        {item.required && (
          <span className="evaluation-fill-required" aria-label={t('termFillPage.required')} title={t('termFillPage.required')}>
            *
          </span>
        )}
      </span>
      <span className="evaluation-fill-hint" title={hintText}>
        {hintText}
      </span>
      {item.kind === 'enum' && !readOnly && (item.options ?? []).length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: (item.options ?? []).map((option) => ({ key: option, label: <span data-testid={`evaluation-fill-option-${item.id}-${option}`}>{option}</span> })),
            onClick: ({ key }) => onFill(item, key),
          }}
        >
          <Button type="link" size="small" className="evaluation-fill-helper" data-testid={`evaluation-fill-column-${item.id}`}>
            {t('termFillPage.fillColumn')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </div>
  );
}

interface CellProps {
  item: EvaluationItem;
  studentId: number;
  studentName: string;
  value: CellValue;
  problem: CellProblem | undefined;
  /** A required answer left empty in a row with others given. */
  missing: boolean;
  readOnly: boolean;
  onEdit: FillGridProps['onEdit'];
}

/**
 * One answer with the editor of its item's kind. A number is not clamped to the item's range as it is typed:
 * the range shows as a message instead, so that a value out of range is seen rather than changed silently.
 */
const Cell = memo(function Cell({ item, studentId, studentName, value, problem, missing, readOnly, onEdit }: CellProps) {
  const { t } = useTranslation();
  const testId = `evaluation-cell-${studentId}-${item.id}`;
  const label = `${studentName} ${item.name}`;
  const message = problem ? t(problem.key, problem.values) : missing ? t('termEvaluation.valueRequired') : '';
  const status = problem ? 'error' : missing ? 'warning' : undefined;

  if (readOnly) {
    const shown = value === null || value === '' ? '—' : String(value);
    return (
      <div className={problem ? 'evaluation-fill-read evaluation-fill-read-invalid' : 'evaluation-fill-read'} title={message || undefined} data-testid={testId}>
        {shown}
      </div>
    );
  }

  let editor;
  if (item.kind === 'number') {
    editor = (
      <InputNumber<number>
        value={typeof value === 'number' ? value : value === null || value === '' ? null : Number(value)}
        onChange={(next) => onEdit(studentId, item.id, next ?? null)}
        // No spin buttons nor arrow keys: a grid is moved through, not stepped through.
        controls={false}
        keyboard={false}
        status={status}
        style={{ width: '100%' }}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        data-testid={testId}
      />
    );
  } else if (item.kind === 'enum') {
    const options = (item.options ?? []).map((option) => ({ value: option, label: option }));
    // An answer no longer among the options still shows (with its message) until it is changed.
    if (typeof value === 'string' && value && !item.options?.includes(value)) options.push({ value, label: value });
    editor = (
      <Select<string>
        value={value === null || value === '' ? undefined : String(value)}
        onChange={(next) => onEdit(studentId, item.id, next ?? null)}
        options={options}
        allowClear
        status={status}
        popupMatchSelectWidth={false}
        style={{ width: '100%' }}
        aria-label={label}
        data-testid={testId}
      />
    );
  } else {
    const max = item.maxLength ?? EVALUATION_TEXT_MAX;
    const common = {
      value: value === null ? '' : String(value),
      maxLength: max,
      status,
      'aria-label': label,
      'aria-invalid': problem ? true : undefined,
      'data-testid': testId,
    } as const;
    editor =
      max > LONG_TEXT ? (
        <Input.TextArea {...common} autoSize={{ minRows: 1, maxRows: 4 }} onChange={(event) => onEdit(studentId, item.id, event.target.value)} />
      ) : (
        <Input {...common} onChange={(event) => onEdit(studentId, item.id, event.target.value)} />
      );
  }
  return (
    <div className="evaluation-fill-cell">
      {editor}
      {message && (
        <div className={problem ? 'evaluation-fill-problem' : 'evaluation-fill-problem evaluation-fill-problem-warning'} role="alert" data-testid={`${testId}-problem`}>
          {message}
        </div>
      )}
    </div>
  );
});
