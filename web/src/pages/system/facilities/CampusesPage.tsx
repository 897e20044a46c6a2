import { useMemo, useState } from 'react';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { campusFormSchema, type CampusForm, type CampusRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { AreaCascader } from './campusShared.tsx';

interface SearchForm {
  keyword?: string;
}

const money = (value: number | null) => (value === null ? '' : value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** /xtgl/xqgl: campuses and every field of their profile (issue 4 item 8). */
export default function CampusesPage(_props: PageProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: CampusRow } | null>(null);
  const initialValues = useMemo<Partial<CampusForm>>(() => {
    if (!dialog?.row) return { sort: 0, enabled: true };
    const { row } = dialog;
    return {
      ...row,
      nameEn: row.nameEn ?? '',
      address: row.address ?? '',
      phone: row.phone ?? '',
      areaCode: row.areaCode ?? '',
      postalCode: row.postalCode ?? '',
      personInCharge: row.personInCharge ?? '',
      floorArea: row.floorArea ?? undefined,
      instrumentValue: row.instrumentValue ?? undefined,
      fixedAssetsValue: row.fixedAssetsValue ?? undefined,
    };
  }, [dialog]);

  return (
    <ManagePage<CampusRow, SearchForm>
      permission="system:campus"
      listUrl="/api/system/campuses/page"
      exportUrl="/api/system/campuses/export"
      exportName={t('campuses.exportName')}
      deleteUrl="/api/system/campuses/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      searchFields={() => (
        <Form.Item name="keyword" label={t('campusUi.keyword')}>
          <Input allowClear maxLength={64} placeholder={t('campusUi.keywordPlaceholder')} data-testid="campuses-keyword" />
        </Form.Item>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('org.code'), sorter: true, width: 100 },
        { key: 'name', dataIndex: 'name', title: t('org.name'), sorter: true, width: 110, render: (value: string, row: CampusRow) => (currentLanguage() === 'en' && row.nameEn) || value },
        { key: 'address', dataIndex: 'address', title: t('campuses.address'), ellipsis: true, width: 220 },
        { key: 'phone', dataIndex: 'phone', title: t('campuses.phone'), width: 130 },
        { key: 'areaName', dataIndex: 'areaName', title: t('campuses.area'), width: 100 },
        { key: 'floorArea', dataIndex: 'floorArea', title: t('campuses.floorArea'), width: 130, render: money },
        { key: 'postalCode', dataIndex: 'postalCode', title: t('campuses.postalCodeLabel'), width: 100 },
        { key: 'personInCharge', dataIndex: 'personInCharge', title: t('campuses.personInCharge'), width: 100 },
        { key: 'instrumentValue', dataIndex: 'instrumentValue', title: t('campuses.instrumentValue'), width: 160, render: money },
        { key: 'fixedAssetsValue', dataIndex: 'fixedAssetsValue', title: t('campuses.fixedAssetsValue'), width: 160, render: money },
        { key: 'sort', dataIndex: 'sort', title: t('org.sort'), sorter: true, width: 70 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`campuses-edit-${row.code}`} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/campuses/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="campuses-page"
    >
      {({ reload }) => (
        <FormDialog<CampusForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'campusUi.campusAdd' : dialog?.mode === 'edit' ? 'campusUi.campusEdit' : 'campusUi.campusView')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await call(dialog?.mode === 'add' ? '/api/system/campuses/create' : '/api/system/campuses/update', { json: { ...values, id: dialog?.row?.id, enabled: dialog?.row?.enabled ?? true } });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            reload();
          }}
          data-testid="campuses-dialog"
        >
          {(form, mode) => (
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="name" label={t('org.name')} required rules={[zodRule(campusFormSchema, 'name', form)]}>
                  <Input maxLength={100} data-testid="campuses-form-name" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="code" label={t('org.code')} required rules={[zodRule(campusFormSchema, 'code', form)]}>
                  <Input maxLength={50} data-testid="campuses-form-code" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="nameEn" label={t('org.nameEn')} rules={[zodRule(campusFormSchema, 'nameEn', form)]}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="phone" label={t('campuses.phone')} rules={[zodRule(campusFormSchema, 'phone', form)]}>
                  <Input maxLength={30} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="areaCode" label={t('campuses.area')} rules={[zodRule(campusFormSchema, 'areaCode', form)]}>
                  <AreaCascader disabled={mode === 'view'} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="postalCode" label={t('campuses.postalCodeLabel')} rules={[zodRule(campusFormSchema, 'postalCode', form)]}>
                  <Input maxLength={6} data-testid="campuses-form-postal" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="address" label={t('campuses.address')} rules={[zodRule(campusFormSchema, 'address', form)]}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="floorArea" label={t('campuses.floorArea')} rules={[zodRule(campusFormSchema, 'floorArea', form)]}>
                  <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="personInCharge" label={t('campuses.personInCharge')} rules={[zodRule(campusFormSchema, 'personInCharge', form)]}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="instrumentValue" label={t('campuses.instrumentValue')} rules={[zodRule(campusFormSchema, 'instrumentValue', form)]}>
                  <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="fixedAssetsValue" label={t('campuses.fixedAssetsValue')} rules={[zodRule(campusFormSchema, 'fixedAssetsValue', form)]}>
                  <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="sort" label={t('org.sort')} rules={[zodRule(campusFormSchema, 'sort', form)]}>
                  <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}
