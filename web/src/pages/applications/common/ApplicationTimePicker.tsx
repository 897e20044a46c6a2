import { ConfigProvider, DatePicker, type DatePickerProps, type ThemeConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../../hooks/usePhone.ts';
import { TIME_FORMAT } from './dateTime.ts';

/**
 * On a phone the date panel (7 × 36 px days) and the time panel (2 × 56 px columns) side by side are ~400 px
 * wide, more than a 390 px screen: the popup ran off the left edge. Narrower day and time columns make it
 * ~355 px, so it fits beside the input, keeps its height and every cell stays tappable.
 */
const PHONE_PICKER_THEME: ThemeConfig = { components: { DatePicker: { cellWidth: 32, timeColumnWidth: 46 } } };

/**
 * The applications' date-and-time picker ('YYYY-MM-DD HH:mm'): a Form.Item's child (with `timeField`). On a
 * phone it takes no typing (the keyboard would cover the panels) and its popup fits the screen.
 */
export function ApplicationTimePicker(props: DatePickerProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <ConfigProvider theme={phone ? PHONE_PICKER_THEME : undefined}>
      <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} placeholder={t('application.timeHint')} style={{ width: '100%' }} inputReadOnly={phone} {...props} />
    </ConfigProvider>
  );
}
