import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';

export type FormMode = 'add' | 'edit' | 'view';

export interface FormDialogProps<Values extends object> {
  open: boolean;
  mode: FormMode;
  title: ReactNode;
  /** Values shown when the dialog opens (the record for edit and view). */
  initialValues?: Partial<Values>;
  /** Saves; rejects when the server refused (the request client has shown its msg), which keeps the dialog open. */
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
  /** The form items; they are read-only in view mode. */
  children: (form: FormInstance<Values>, mode: FormMode) => ReactNode;
  /** Default 650 px, 810 px in English (spec section 9). */
  width?: number;
  /** The OK button's label; default Save. */
  okText?: ReactNode;
  'data-testid'?: string;
}

/**
 * The add / modify / view dialog of the management screens: a vertical form, OK and Cancel (only Close
 * when viewing), validation before saving, the save button busy while the call runs.
 */
export function FormDialog<Values extends object>({ open, mode, title, initialValues, onSubmit, onClose, children, width, okText, 'data-testid': testId = 'form-dialog' }: FormDialogProps<Values>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, initialValues, form]);

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await onSubmit({ ...(form.getFieldsValue(true) as Values), ...values });
      onClose();
    } catch {
      // The request client has shown the server's message; the user corrects and tries again.
    } finally {
      setSaving(false);
    }
  };

  const footer =
    mode === 'view'
      ? [
          <Button key="close" onClick={onClose} data-testid={`${testId}-close`}>
            {t('manage.close')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose} data-testid={`${testId}-cancel`}>
            {t('manage.cancel')}
          </Button>,
          <Button key="ok" type="primary" loading={saving} onClick={() => void save()} data-testid={`${testId}-ok`}>
            {okText ?? t('manage.save')}
          </Button>,
        ];

  return (
    <Modal open={open} title={title} onCancel={onClose} footer={footer} width={width ?? (currentLanguage() === 'en' ? 810 : 650)} destroyOnHidden mask={{ closable: false }}>
      <div data-testid={testId} data-mode={mode}>
        <Form<Values> form={form} layout="vertical" disabled={mode === 'view'} className="manage-form" preserve={false} onFinish={() => void save()}>
          {children(form, mode)}
        </Form>
      </div>
    </Modal>
  );
}
