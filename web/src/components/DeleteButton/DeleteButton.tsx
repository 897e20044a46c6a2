import type { ReactNode } from 'react';
import { Button, Modal, type ButtonProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sendDelete, type DeleteCallOptions, type DeleteParam } from '../../api/components.ts';
import { ApiError, ERROR_DURATION_SECONDS } from '../../api/client.ts';
import { feedback } from '../../app/feedback.ts';

export interface DeleteButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'title'> {
  /** Address of the delete call. */
  url: string;
  /** The body (POST, JSON unless `formEncoded`) or the query (GET). */
  param?: DeleteParam;
  /** 'post' by default. */
  method?: DeleteCallOptions['method'];
  /** Send `param` form-encoded instead of JSON. */
  formEncoded?: boolean;
  /** Confirmation text; default 'This will permanently delete the selected data, continue?'. */
  text?: ReactNode;
  /** Confirmation title; default 'Prompt'. */
  title?: ReactNode;
  /** Button label; default 'Delete'. */
  children?: ReactNode;
  /** After a successful call (its msg has been shown as a success). */
  onSuccess?: (data: unknown, msg: string) => void;
  /** After a refused or failed call (its msg has been shown as a warning). */
  onFailure?: (msg: string) => void;
  /** The user declined the confirmation. */
  onCancel?: () => void;
  /** Asked before confirming; return false to stop (e.g. nothing is selected). */
  beforeConfirm?: () => boolean;
}

/**
 * The delete-confirm button (spec sections 2, 7 and 8): asks first, then calls the configured address.
 * Success shows msg as a success, failure shows msg as a warning, declining calls onCancel.
 */
export function DeleteButton({
  url,
  param,
  method = 'post',
  formEncoded = false,
  text,
  title,
  children,
  onSuccess,
  onFailure,
  onCancel,
  beforeConfirm,
  danger = true,
  icon = <DeleteOutlined />,
  ...buttonProps
}: DeleteButtonProps) {
  const { t } = useTranslation();
  const [modal, contextHolder] = Modal.useModal();

  const run = async () => {
    try {
      const envelope = await sendDelete(url, param, { method, form: formEncoded });
      feedback().message.success({ content: envelope.msg || t('deleteButton.success') });
      onSuccess?.(envelope.data, envelope.msg);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'expired') return; // the expiry modal is up
      if (error instanceof ApiError && error.kind === 'network') {
        feedback().message.error({ content: error.message, duration: ERROR_DURATION_SECONDS });
        onFailure?.(error.message);
        return;
      }
      const msg = error instanceof ApiError ? error.envelope?.msg || t('deleteButton.failed') : t('deleteButton.failed');
      feedback().message.warning({ content: msg });
      onFailure?.(msg);
    }
  };

  const confirm = () => {
    if (beforeConfirm && !beforeConfirm()) return;
    modal.confirm({
      title: title ?? t('deleteButton.title'),
      content: text ?? t('deleteButton.confirm'),
      okText: t('deleteButton.ok'),
      cancelText: t('deleteButton.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'delete-confirm-ok' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'delete-confirm-cancel' } as ButtonProps,
      onOk: run,
      onCancel: () => onCancel?.(),
    });
  };

  return (
    <>
      <Button danger={danger} icon={icon} {...buttonProps} onClick={confirm}>
        {children ?? t('deleteButton.label')}
      </Button>
      {contextHolder}
    </>
  );
}
