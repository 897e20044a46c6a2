import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Empty, Input, Pagination, Segmented, Spin, Tag, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fetchRecipientMessages, isUnread, MESSAGE_STATUS, PANE_PAGE_SIZE, type MessageRow } from '../../api/messages.ts';
import { SidePanel } from '../SidePanel/index.ts';
import { asRead, useMessageReader } from './useMessageReader.tsx';
import './messagePane.css';

export type PaneFilter = 'unread' | 'all';

export interface MessagePaneProps {
  open: boolean;
  onClose: () => void;
  /** The footer button: go to the message centre. */
  onOpenCenter?: () => void;
}

/**
 * The pane the message bell opens (spec sections 2 and 4): the unread (or latest) messages, ten a page,
 * a title search; clicking a message reads it (link in a new window, or its content in a dialog) and marks
 * it read.
 */
export function MessagePane({ open, onClose, onOpenCenter }: MessagePaneProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<PaneFilter>('unread');
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<MessageRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoading(true);
    fetchRecipientMessages({ title, page: page - 1, size: PANE_PAGE_SIZE, status: filter === 'unread' ? MESSAGE_STATUS.unread : '', type: '' }, controller.signal)
      .then((result) => {
        if (result.rows.length === 0 && page > 1) {
          // An empty page beyond the first steps back one page.
          setPage((p) => Math.max(1, p - 1));
          return;
        }
        setRows(result.rows);
        setTotal(result.total);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [open, filter, title, page]);

  const onRead = useCallback((id: MessageRow['MESSAGE_ID']) => {
    setRows((list) => list.map((row) => (row.MESSAGE_ID === id ? asRead(row) : row)));
  }, []);
  const reader = useMessageReader(onRead);

  return (
    <>
      <SidePanel
        open={open}
        onClose={onClose}
        title={t('message.title')}
        className="campus-message-pane"
        footer={
          onOpenCenter ? (
            <Button type="primary" block onClick={onOpenCenter} data-testid="message-open-center">
              {t('message.openCenter')}
            </Button>
          ) : undefined
        }
      >
        <div className="campus-message-pane-tools" data-testid="message-pane">
          <Segmented<PaneFilter>
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            options={[
              { value: 'unread', label: <span data-testid="message-filter-unread">{t('messages.unread')}</span> },
              { value: 'all', label: <span data-testid="message-filter-all">{t('messages.latest')}</span> },
            ]}
          />
          <Input.Search
            allowClear
            placeholder={t('messages.searchTitle')}
            onSearch={(value) => {
              setTitle(value.trim());
              setPage(1);
            }}
            data-testid="message-search"
          />
        </div>
        <Spin spinning={loading}>
          {rows.length === 0 ? (
            <Empty description={loading ? ' ' : t('message.empty')} />
          ) : (
            <ul className="campus-message-list" data-testid="message-list">
              {rows.map((row) => {
                const unread = isUnread(row);
                return (
                  <li
                    key={String(row.MESSAGE_ID)}
                    className={`campus-message-item${unread ? ' is-unread' : ''}`}
                    role="button"
                    tabIndex={0}
                    onClick={() => void reader.read(row)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') void reader.read(row);
                    }}
                    data-testid="message-item"
                    data-id={String(row.MESSAGE_ID)}
                    data-status={String(row.MESSAGE_STATUS)}
                  >
                    <div className="campus-message-item-title">
                      {unread ? <Badge status="error" className="campus-message-dot" /> : null}
                      <Typography.Text strong={unread} ellipsis>
                        {row.MESSAGE_TITLE}
                      </Typography.Text>
                      {row.MESSAGE_LINK ? <LinkOutlined className="campus-message-link-icon" aria-label={t('messages.hasLink')} /> : null}
                    </div>
                    <div className="campus-message-item-meta">
                      {row.MESSAGE_TYPE_NAME ? <Tag>{row.MESSAGE_TYPE_NAME}</Tag> : null}
                      <span>{row.CREATE_TIME}</span>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Spin>
        {total > PANE_PAGE_SIZE ? (
          <Pagination
            className="campus-message-pager"
            size="small"
            simple
            current={page}
            pageSize={PANE_PAGE_SIZE}
            total={total}
            onChange={(next) => setPage(next)}
          />
        ) : null}
      </SidePanel>
      {reader.dialog}
    </>
  );
}
