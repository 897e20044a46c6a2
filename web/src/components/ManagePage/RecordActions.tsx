import { Button, Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

export interface RecordActionsProps {
  onView?: () => void;
  /** Shown only when given: pass it when the user may edit. */
  onEdit?: () => void;
  viewTestId?: string;
  editTestId?: string;
}

/** The view and modify links of a record's operation column (delete stays with the page: its call differs). */
export function RecordActions({ onView, onEdit, viewTestId, editTestId }: RecordActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {onView && (
        <Button type="link" size="small" onClick={onView} data-testid={viewTestId}>
          {t('manage.view')}
        </Button>
      )}
      {onEdit && (
        <Button type="link" size="small" onClick={onEdit} data-testid={editTestId}>
          {t('manage.edit')}
        </Button>
      )}
    </>
  );
}

/** The enabled / disabled filter of a query header; its values are the strings 'true' and 'false'. */
export function EnabledFilter(props: Omit<SelectProps, 'options'>) {
  const { t } = useTranslation();
  return (
    <Select
      allowClear
      placeholder={t('manage.all')}
      style={{ width: 120 }}
      {...props}
      options={[
        { value: 'true', label: t('manage.enabled') },
        { value: 'false', label: t('manage.disabled') },
      ]}
    />
  );
}
