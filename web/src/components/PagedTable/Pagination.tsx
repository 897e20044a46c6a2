import { useState, type KeyboardEvent } from 'react';
import { Button, InputNumber, Select } from 'antd';
import { DoubleLeftOutlined, DoubleRightOutlined, EllipsisOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pageCountOf, pagerPages } from './pager.ts';
import './pagedTable.css';

/** The parts a pagination bar can show, in the order given (spec section 9: total, sizes, prev, pager, next, jumper). */
export type PaginationPart = 'total' | 'sizes' | 'prev' | 'pager' | 'next' | 'jumper';

export const TABLE_PAGINATION_LAYOUT: readonly PaginationPart[] = ['total', 'sizes', 'prev', 'pager', 'next', 'jumper'];

export interface PaginationProps {
  /** One-based page shown to the user. */
  current: number;
  pageSize: number;
  total: number;
  /** The server stopped counting a keyword's matches at `total` (PagedResult.totalCapped). */
  totalCapped?: boolean;
  onChange: (page: number, pageSize: number) => void;
  pageSizes?: readonly number[];
  /** Most numbered page buttons (odd, at least 5): 7 in tables, 5 in the picker popover. */
  pagerCount?: number;
  layout?: readonly PaginationPart[];
  disabled?: boolean;
  size?: 'small' | 'middle';
  className?: string;
}

/**
 * A pagination bar whose parts and page-button count follow the spec exactly (Ant Design's own pager
 * shows a different number of buttons near the middle and cannot put the size changer before the pager).
 */
export function Pagination({
  current,
  pageSize,
  total,
  totalCapped = false,
  onChange,
  pageSizes = [],
  pagerCount = 7,
  layout = TABLE_PAGINATION_LAYOUT,
  disabled = false,
  size = 'middle',
  className,
}: PaginationProps) {
  const { t } = useTranslation();
  const pageCount = pageCountOf(total, pageSize);
  const page = Math.min(Math.max(1, current), pageCount);
  const jump = Math.max(1, pagerCount - 2);
  const [jumpTo, setJumpTo] = useState<number | null>(null);
  const go = (target: number) => {
    const next = Math.min(Math.max(1, Math.trunc(target)), pageCount);
    if (next !== current) onChange(next, pageSize);
  };
  const btn = size === 'small' ? 'small' : 'middle';

  const parts = layout.map((part) => {
    switch (part) {
      case 'total':
        return (
          <span key={part} className="campus-pagination-total" data-testid="pagination-total">
            {t(totalCapped ? 'pagedTable.totalAtLeast' : 'pagedTable.total', { total })}
          </span>
        );
      case 'sizes':
        return (
          <Select
            key={part}
            size={btn}
            className="campus-pagination-sizes"
            data-testid="pagination-sizes"
            value={pageSize}
            disabled={disabled}
            onChange={(next: number) => onChange(1, next)}
            options={pageSizes.map((value) => ({ value, label: t('pagedTable.pageSize', { size: value }) }))}
            popupMatchSelectWidth={false}
          />
        );
      case 'prev':
        return (
          <Button
            key={part}
            size={btn}
            type="text"
            icon={<LeftOutlined />}
            aria-label={t('pagedTable.prev')}
            data-testid="pagination-prev"
            disabled={disabled || page <= 1}
            onClick={() => go(page - 1)}
          />
        );
      case 'next':
        return (
          <Button
            key={part}
            size={btn}
            type="text"
            icon={<RightOutlined />}
            aria-label={t('pagedTable.next')}
            data-testid="pagination-next"
            disabled={disabled || page >= pageCount}
            onClick={() => go(page + 1)}
          />
        );
      case 'pager':
        return (
          <ul key={part} className="campus-pager" data-testid="pagination-pager">
            {pagerPages(page, pageCount, pagerCount).map((item) =>
              typeof item === 'number' ? (
                <li key={item}>
                  <Button
                    size={btn}
                    type={item === page ? 'primary' : 'text'}
                    className="campus-pager-item"
                    aria-current={item === page ? 'page' : undefined}
                    disabled={disabled}
                    onClick={() => go(item)}
                  >
                    {item}
                  </Button>
                </li>
              ) : (
                <li key={item}>
                  <Button
                    size={btn}
                    type="text"
                    className="campus-pager-more"
                    aria-label={t(item === 'prev-more' ? 'pagedTable.prevMore' : 'pagedTable.nextMore', { n: jump })}
                    disabled={disabled}
                    icon={<MoreIcon direction={item === 'prev-more' ? 'left' : 'right'} />}
                    onClick={() => go(item === 'prev-more' ? page - jump : page + jump)}
                  />
                </li>
              ),
            )}
          </ul>
        );
      case 'jumper': {
        const commit = () => {
          if (jumpTo !== null) go(jumpTo);
          setJumpTo(null);
        };
        return (
          <span key={part} className="campus-pagination-jumper">
            {t('pagedTable.goto')}
            <InputNumber
              size={btn}
              min={1}
              max={pageCount}
              precision={0}
              controls={false}
              disabled={disabled}
              value={jumpTo ?? page}
              onChange={(value) => setJumpTo(typeof value === 'number' ? value : null)}
              onPressEnter={(event: KeyboardEvent<HTMLInputElement>) => {
                const typed = Number((event.target as HTMLInputElement).value);
                if (Number.isFinite(typed) && typed > 0) go(typed);
                setJumpTo(null);
              }}
              onBlur={commit}
              data-testid="pagination-jumper"
              style={{ width: 56 }}
            />
            {t('pagedTable.pageUnit')}
          </span>
        );
      }
      default:
        return null;
    }
  });

  return (
    <div className={`campus-pagination${className ? ` ${className}` : ''}`} data-testid="pagination">
      {parts}
    </div>
  );
}

/** The ellipsis that turns into a double arrow on hover, like Ant Design's jump buttons. */
function MoreIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <span className="campus-pager-more-icon">
      <EllipsisOutlined className="campus-pager-ellipsis" />
      {direction === 'left' ? <DoubleLeftOutlined className="campus-pager-arrow" /> : <DoubleRightOutlined className="campus-pager-arrow" />}
    </span>
  );
}
