import type { ReactNode } from 'react';
import { Segmented, Select, Typography } from 'antd';
import './childChooser.css';

/** One of a parent's children (a student: themselves). */
export interface ChildOption {
  id: number;
  name: string;
  className: string;
}

/** Up to this many children choose by buttons; more by a list. */
const SEGMENTED_CHILDREN = 3;

export interface ChildChooserProps {
  items: readonly ChildOption[];
  value: number | null;
  onChange: (id: number) => void;
  /** The label before the choice ("Child"). */
  label: ReactNode;
  /** Buttons take the whole width (a phone). */
  phone: boolean;
  /** Prefix of the test ids: `<prefix>-children`, `<prefix>-child-<id>`, `<prefix>-child-name`. */
  testIdPrefix?: string;
}

/**
 * A parent's children on the pages a family reads (my homework, leave): buttons for a few, a list for more;
 * one child is just named.
 */
export function ChildChooser({ items, value, onChange, label, phone, testIdPrefix = 'child-chooser' }: ChildChooserProps) {
  const text = (child: ChildOption) => (child.className ? `${child.name} · ${child.className}` : child.name);
  let control;
  if (items.length === 1) {
    control = (
      <Typography.Text strong data-testid={`${testIdPrefix}-child-name`}>
        {text(items[0])}
      </Typography.Text>
    );
  } else if (items.length <= SEGMENTED_CHILDREN) {
    control = (
      <Segmented<number>
        block={phone}
        value={value ?? undefined}
        onChange={onChange}
        options={items.map((child) => ({
          value: child.id,
          title: text(child),
          label: (
            <span className="child-chooser-option" data-testid={`${testIdPrefix}-child-${child.id}`}>
              {child.name}
            </span>
          ),
        }))}
        data-testid={`${testIdPrefix}-children`}
      />
    );
  } else {
    control = (
      <Select<number>
        value={value ?? undefined}
        onChange={onChange}
        options={items.map((child) => ({ value: child.id, label: text(child) }))}
        className="child-chooser-select"
        data-testid={`${testIdPrefix}-children`}
      />
    );
  }
  return (
    <div className={`child-chooser${phone ? ' is-phone' : ''}`}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {control}
    </div>
  );
}
