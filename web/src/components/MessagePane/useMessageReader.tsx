import { useCallback, useState } from 'react';
import { Button, Modal, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchMessage, isUnread, markMessageRead, MESSAGE_STATUS, type MessageRow } from '../../api/messages.ts';
import { messageCounts } from '../../state/messages.ts';

/** Browser window opening, replaceable in tests. */
export const messageWindow = {
  open(url: string): void {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};

interface Shown {
  message: MessageRow;
  loading: boolean;
}

/**
 * Reading a message (spec section 4): one with MESSAGE_LINK opens the link in a new window and is marked
 * read (status 1); any other has its content fetched and shown in a dialog, and is marked read. The unread
 * badge follows the server's count (or goes down by one). `onRead` tells the list to show the new status.
 */
export function useMessageReader(onRead?: (id: MessageRow['MESSAGE_ID']) => void) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);

  const markRead = useCallback(
    async (message: MessageRow) => {
      if (!isUnread(message)) return;
      try {
        messageCounts().markedRead(await markMessageRead(message.MESSAGE_ID));
        onRead?.(message.MESSAGE_ID);
      } catch {
        // The request client has shown the message; the message stays unread.
      }
    },
    [onRead],
  );

  const read = useCallback(
    async (message: MessageRow) => {
      if (message.MESSAGE_LINK) {
        // Opened at once, inside the click, so the browser does not block the new window.
        messageWindow.open(message.MESSAGE_LINK);
        await markRead(message);
        return;
      }
      setShown({ message, loading: true });
      try {
        const full = await fetchMessage(message.MESSAGE_ID);
        setShown((s) => (s && s.message.MESSAGE_ID === message.MESSAGE_ID ? { message: { ...message, ...(full ?? {}) }, loading: false } : s));
        await markRead(message);
      } catch {
        setShown((s) => (s && s.message.MESSAGE_ID === message.MESSAGE_ID ? { ...s, loading: false } : s));
      }
    },
    [markRead],
  );

  const close = () => setShown(null);
  const message = shown?.message;
  const dialog = (
    <Modal
      open={!!shown}
      onCancel={close}
      title={message?.MESSAGE_TITLE}
      className="campus-message-dialog"
      destroyOnHidden
      footer={
        <Button type="primary" onClick={close} data-testid="message-dialog-close">
          {t('messages.close')}
        </Button>
      }
    >
      <Spin spinning={!!shown?.loading}>
        <div data-testid="message-dialog">
          <div className="campus-message-meta">
            {message?.MESSAGE_TYPE_NAME ? <Tag>{message.MESSAGE_TYPE_NAME}</Tag> : null}
            <span>{message?.CREATE_TIME}</span>
          </div>
          <div className="campus-message-content" data-testid="message-content">
            {shown?.loading ? null : message?.MESSAGE_CONTENT || t('messages.noContent')}
          </div>
        </div>
      </Spin>
    </Modal>
  );

  return { read, dialog };
}

/** The row after it was read. */
export const asRead = (message: MessageRow): MessageRow => ({ ...message, MESSAGE_STATUS: MESSAGE_STATUS.read });
