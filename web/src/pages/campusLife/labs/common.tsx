import { Button, DatePicker, Result } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAB_URLS, schoolDateOf } from '@campus/contract';

/** A booking or configuration page opened without its room or booking: says so, with the way back. */
export function LabsLost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={t('labsUi.parametersLost')}
      extra={
        <Button type="primary" onClick={() => void navigate(LAB_URLS.page)} data-testid="labs-back">
          {t('labsUi.backToLabs')}
        </Button>
      }
      data-testid="labs-parameters-lost"
    />
  );
}

/** An id from the query string, or null. */
export function idParam(params: URLSearchParams, name: string): number | null {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Today at the school (Asia/Shanghai), as the server's "not in the past" checks it: not the browser's date, which another zone shifts. */
export const todayText = () => schoolDateOf();

/** A day as the form holds it (YYYY-MM-DD text), from today on. */
export function DayPicker({ value, onChange, min, 'data-testid': testId }: { value?: string; onChange?: (value: string) => void; min?: string; 'data-testid'?: string }) {
  return (
    <DatePicker
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : '')}
      disabledDate={min ? (day) => day.format('YYYY-MM-DD') < min : undefined}
      style={{ width: '100%' }}
      inputReadOnly
      data-testid={testId}
    />
  );
}
