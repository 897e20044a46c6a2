import { Form, Input, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { LEAVE_REASON_MAX, TRAVEL_ATTACHMENTS, TRAVEL_DESTINATION_MAX, TRAVEL_FOLLOWER_MAX, travelCreateSchema, type TravelCreate } from '@campus/contract';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { ApplicationTimePicker } from '../common/ApplicationTimePicker.tsx';
import { parseTime, timeField } from '../common/dateTime.ts';

export type TravelFormValues = TravelCreate;

export const TRAVEL_FORM_VALUES: Partial<TravelFormValues> = { destination: '', startAt: '', endAt: '', follower: '', reason: '', images: [] };

/** The travel form: destination, start and end, who comes along, the reason and up to 4 pictures. */
export function TravelForm({ form }: { form: FormInstance<TravelFormValues> }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const rule = (field: keyof TravelFormValues) => zodRule(travelCreateSchema, field, form);
  // Spec 5: the end is not earlier than the start (the schema's refinement waits for every other field).
  const spanRule: RuleObject = {
    validator: async () => {
      const start = parseTime(form.getFieldValue('startAt') as string);
      const end = parseTime(form.getFieldValue('endAt') as string);
      if (start && end && end.isBefore(start)) throw new Error(t('travel.endBeforeStart'));
    },
  };
  return (
    <>
      <Form.Item name="destination" label={t('travelPage.destination')} required rules={[rule('destination')]}>
        <Input maxLength={TRAVEL_DESTINATION_MAX} placeholder={t('travelPage.destinationHint')} data-testid="travel-form-destination" />
      </Form.Item>
      <div className="application-form-row">
        <Form.Item name="startAt" label={t('application.start')} required rules={[rule('startAt')]} {...timeField}>
          <ApplicationTimePicker data-testid="travel-form-start" />
        </Form.Item>
        <Form.Item name="endAt" label={t('application.end')} required validateFirst dependencies={['startAt']} rules={[rule('endAt'), spanRule]} {...timeField}>
          <ApplicationTimePicker data-testid="travel-form-end" />
        </Form.Item>
      </div>
      <Form.Item name="follower" label={t('travelPage.follower')} rules={[rule('follower')]}>
        <Input maxLength={TRAVEL_FOLLOWER_MAX} placeholder={t('travelPage.followerHint')} data-testid="travel-form-follower" />
      </Form.Item>
      <Form.Item name="reason" label={t('travelPage.reason')} required rules={[rule('reason')]}>
        <Input.TextArea maxLength={LEAVE_REASON_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('travelPage.reasonHint')} data-testid="travel-form-reason" />
      </Form.Item>
      <Form.Item name="images" label={t('application.images')} extra={t('travelPage.imagesHint')} rules={[rule('images')]}>
        <FileUpload purpose={TRAVEL_ATTACHMENTS.images} capture={phone ? 'environment' : undefined} data-testid="travel-form-images" />
      </Form.Item>
    </>
  );
}
