import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LAB_ROOM_KINDS, labRoomFormSchema, type LabOptions } from '@campus/contract';
import { zodRule } from '../../../app/forms/zodRule.ts';

/** The basic configuration of a bookable room: its classroom, kind, subject, capacity, shared, approval, administrator. */
export function RoomFields({ form, options, currentClassroomId }: { form: Parameters<typeof zodRule>[2]; options: LabOptions; currentClassroomId?: number }) {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(labRoomFormSchema, field, form);
  return (
    <>
      <Form.Item name="classroomId" label={t('labsUi.classroom')} required rules={[rule('classroomId')]} extra={t('labsUi.classroomHint')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={options.classrooms.filter((c) => !c.taken || c.id === currentClassroomId).map((c) => ({ value: c.id, label: c.name }))}
          data-testid="lab-room-classroom"
        />
      </Form.Item>
      <Form.Item name="kind" label={t('labsUi.roomKind')} required rules={[rule('kind')]}>
        <Select options={LAB_ROOM_KINDS.map((k) => ({ value: k, label: t(`lab.roomKind.${k}`) }))} />
      </Form.Item>
      <Form.Item name="subject" label={t('labsUi.subject')} rules={[rule('subject')]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="capacity" label={t('labsUi.capacity')} required rules={[rule('capacity')]}>
        <InputNumber min={1} max={500} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="shared" label={t('labsUi.shared')} valuePropName="checked" extra={t('labsUi.sharedHint')}>
        <Switch />
      </Form.Item>
      <Form.Item name="needsApproval" label={t('labsUi.needsApproval')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="managerStaffId" label={t('labsUi.manager')}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options.staff.map((s) => ({ value: s.id, label: s.name }))} />
      </Form.Item>
      <Form.Item name="enabled" label={t('labsUi.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="note" label={t('labsUi.roomNote')} rules={[rule('note')]}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}
