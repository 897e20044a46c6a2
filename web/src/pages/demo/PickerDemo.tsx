import { useState } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Picker, type PickerProps } from '../../components/Picker/index.ts';
import type { PageProps } from '../registry.ts';
import './demo.css';

function Example({ id, title, initial = '', ...props }: { id: string; title: string; initial?: string } & Omit<PickerProps, 'value' | 'onChange'>) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  return (
    <Card size="small" title={title} data-testid={`demo-picker-${id}`}>
      <Picker {...props} value={value} onChange={(next) => setValue(next)} />
      <div className="demo-value" data-testid={`demo-picker-${id}-value`}>
        {t('demo.value')}: {value || t('demo.none')}
      </div>
    </Card>
  );
}

/** /demo/picker: the person / organisation / role picker in its main configurations. */
export default function PickerDemo(_props: PageProps) {
  const { t } = useTranslation();
  return (
    <div className="demo-page" data-testid="demo-picker">
      <Typography.Title level={4}>{t('demo.picker.title')}</Typography.Title>
      <Example id="all" title={t('demo.picker.all')} limit={3} />
      <Example id="single" title={t('demo.picker.single')} types={['people']} multiple={false} userType="3" />
      <Example id="org" title={t('demo.picker.orgOnly')} types={['org']} />
      <Example id="collapse" title={t('demo.picker.collapse')} maxCollapse={2} initial="U_T0001,U_T0002,U_T0003,U_admin" />
      <Example id="inline" title={t('demo.picker.inline')} mode="inline" types={['people', 'role']} />
    </div>
  );
}
