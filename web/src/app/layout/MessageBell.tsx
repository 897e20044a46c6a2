import { useEffect, useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CENTER_PERMISSION } from '@campus/contract';
import { usePermission } from '../../components/PermissionGate/index.ts';
import { MessagePane } from '../../components/MessagePane/index.ts';
import { BADGE_CAP, useMessageCounts } from '../../state/messages.ts';

export const MESSAGE_CENTER_PATH = '/messageCenter/xxzx';

/**
 * The message bell, shown only with the messageCenter_xxzx permission (spec sections 2 and 4). The unread
 * count comes from session storage at once and from the server after sign-in and on every opening; the
 * badge caps at 99 (99+) and is hidden at 0. Clicking opens the message pane.
 */
export function MessageBell() {
  const allowed = usePermission()({ permissions: [MESSAGE_CENTER_PERMISSION] });
  return allowed ? <Bell /> : null;
}

function Bell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useMessageCounts((s) => s.unread);
  const refresh = useMessageCounts((s) => s.refresh);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <>
      <Tooltip title={t('message.title')}>
        <Button
          type="text"
          onClick={() => {
            setOpen(true);
            void refresh();
          }}
          aria-label={t('message.title')}
          data-testid="message-bell"
          data-unread={unread}
        >
          <Badge count={unread} overflowCount={BADGE_CAP} size="small" showZero={false}>
            <BellOutlined className="topbar-icon" />
          </Badge>
        </Button>
      </Tooltip>
      <MessagePane
        open={open}
        onClose={() => setOpen(false)}
        onOpenCenter={() => {
          setOpen(false);
          void navigate(MESSAGE_CENTER_PATH);
        }}
      />
    </>
  );
}
