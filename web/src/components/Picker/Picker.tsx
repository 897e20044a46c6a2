import { useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Popover, Tag, Tooltip } from 'antd';
import { ApartmentOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { allowedTypes, PickerPanel, type PickerFilters } from './PickerPanel.tsx';
import { usePickerSelection, type PickerUrls } from './usePickerSelection.ts';
import type { PickerItem, PickerType } from './selection.ts';
import './picker.css';

/** Popover width (spec section 9): 400, or 300 for an organisation-only picker. */
export const POPOVER_WIDTH = 400;
export const ORG_POPOVER_WIDTH = 300;
/** Default field height (spec section 9). */
export const FIELD_HEIGHT = 40;

export interface PickerProps extends PickerUrls, PickerFilters {
  /** Comma-joined prefixed codes, e.g. 'U_T0001,O_12,R_teacher' (see selection.ts). */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string, items: PickerItem[]) => void;
  /** The kinds that may be picked; default people, org and role. The first one is active on open. */
  types?: readonly PickerType[];
  /** Several items (default) or one of each kind (single-select replaces the prior one). */
  multiple?: boolean;
  /** Most items in all; 0 (default) means no limit. */
  limit?: number;
  /** Tags beyond this many collapse into '+n'; -1 (default) shows them all. */
  maxCollapse?: number;
  /** Default: the 'please select' text. */
  placeholder?: string;
  disabled?: boolean;
  /**
   * 'popover' (default): a field that opens a 400 px popover with 5 people per page.
   * 'inline': the field with the panel below it, for dialogs and tables, 10 people per page.
   */
  mode?: 'popover' | 'inline';
  /** People per page; default 5 in the popover, 10 inline. */
  pageSize?: number;
  /** Minimum field height in px, default 40. */
  height?: number;
  className?: string;
  style?: CSSProperties;
  id?: string;
}

const TYPE_ICON: Record<PickerType, ReactNode> = {
  people: <UserOutlined />,
  org: <ApartmentOutlined />,
  role: <TeamOutlined />,
};

/**
 * The person / organisation / role picker of spec sections 4, 5 and 9. A field of tags; clicking it opens
 * a popover with one tab per allowed kind. Its value is a comma-joined string of prefixed codes (people,
 * then organisations, then roles). Works as a controlled input (value / onChange), so it fits a Form.Item.
 */
export function Picker({
  value,
  defaultValue,
  onChange,
  types,
  multiple = true,
  limit = 0,
  maxCollapse = -1,
  placeholder,
  disabled = false,
  mode = 'popover',
  pageSize,
  height = FIELD_HEIGHT,
  className,
  style,
  id,
  userUrl,
  userDataUrl,
  orgUrl,
  roleUrl,
  userType,
  xqdm,
  dwdm,
  xnxq,
  roleType = '',
}: PickerProps) {
  const { t } = useTranslation();
  const allowed = allowedTypes(types);
  const [open, setOpen] = useState(false);
  const [activeType, setActiveType] = useState<PickerType>(allowed[0]);
  const selection = usePickerSelection({ value, defaultValue, onChange, multiple, limit, roleType, userDataUrl, orgUrl, roleUrl });
  const inline = mode === 'inline';

  const openPopover = (next: boolean) => {
    if (disabled) return;
    // The first allowed kind is active each time the popover opens.
    if (next) setActiveType(allowed[0]);
    setOpen(next);
  };

  const removeTag = (event: MouseEvent, code: string) => {
    event.preventDefault();
    event.stopPropagation();
    if (!disabled) selection.remove([code]);
  };

  const items = selection.items;
  const collapse = maxCollapse >= 0 && items.length > maxCollapse;
  const shown = collapse ? items.slice(0, maxCollapse) : items;
  const hidden = collapse ? items.slice(maxCollapse) : [];

  const field = (
    <div
      id={id}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      aria-expanded={inline ? undefined : open}
      className={`campus-picker-field${disabled ? ' is-disabled' : ''}${open ? ' is-open' : ''}`}
      style={{ minHeight: height }}
      data-testid="picker-field"
      onKeyDown={(event: KeyboardEvent) => {
        if (!inline && (event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget) {
          event.preventDefault();
          openPopover(!open);
        }
      }}
    >
      {items.length === 0 && <span className="campus-picker-placeholder">{placeholder ?? t('picker.placeholder')}</span>}
      {shown.map((item) => (
        <Tag
          key={item.CODE}
          icon={TYPE_ICON[item.TYPE]}
          closable={!disabled}
          onClose={(event) => removeTag(event, item.CODE)}
          className={`campus-picker-tag is-${item.TYPE}`}
          data-testid="picker-tag"
          data-code={item.CODE}
        >
          {item.NAME}
        </Tag>
      ))}
      {hidden.length > 0 && (
        <Tooltip title={hidden.map((item) => item.NAME).join(t('picker.separator'))}>
          <Tag className="campus-picker-more" data-testid="picker-more">
            {t('picker.more', { n: hidden.length })}
          </Tag>
        </Tooltip>
      )}
    </div>
  );

  const panel = (
    <PickerPanel
      types={allowed}
      activeType={allowed.includes(activeType) ? activeType : allowed[0]}
      onActiveTypeChange={setActiveType}
      items={items}
      multiple={multiple}
      onAdd={selection.add}
      onRemove={selection.remove}
      pageSize={pageSize ?? (inline ? 10 : 5)}
      pagerCount={5}
      wide={inline}
      userUrl={userUrl}
      orgUrl={orgUrl}
      roleUrl={roleUrl}
      userType={userType}
      xqdm={xqdm}
      dwdm={dwdm}
      xnxq={xnxq}
      roleType={roleType}
    />
  );

  if (inline) {
    return (
      <div className={`campus-picker is-inline${className ? ` ${className}` : ''}`} style={style}>
        {field}
        {!disabled && panel}
      </div>
    );
  }

  const width = allowed.length === 1 && allowed[0] === 'org' ? ORG_POPOVER_WIDTH : POPOVER_WIDTH;
  return (
    <div className={`campus-picker${className ? ` ${className}` : ''}`} style={style}>
      <Popover
        open={open && !disabled}
        onOpenChange={openPopover}
        trigger="click"
        placement="bottomLeft"
        arrow={false}
        content={
          <div className="campus-picker-popover" style={{ width }} data-testid="picker-popover">
            {panel}
          </div>
        }
      >
        {field}
      </Popover>
    </div>
  );
}
