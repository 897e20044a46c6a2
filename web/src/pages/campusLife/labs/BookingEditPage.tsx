import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { LAB_ITEMS_MAX, LAB_LOAN_NOTE_MAX, LAB_URLS, labBookingFormSchema, labBookingNext, type LabBookingKind, type LabBookingRow, type LabOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { DayPicker, idParam, todayText } from './common.tsx';
import { createBooking, fetchBooking, fetchLabOptions, labKeys, updateBooking } from './api.ts';
import { BookingFacts } from './parts.tsx';
import { LabsLost } from './common.tsx';

interface Values {
  kind: LabBookingKind;
  classId?: number;
  courseId?: number;
  experiment?: string;
  equipment?: string;
  note?: string;
  items: { roomId?: number; bookingDate?: string; periods?: number[] }[];
}

const isoDay = (date: string) => {
  const d = dayjs(date).day();
  return d === 0 ? 7 : d;
};

/**
 * The booking forms (/sysyygl/xssy/xssybj, /xssynew/xssybj, /yssy/yssybj, /yssynew/yssybj, /qtsy/qtsybj and the
 * class-room loan /sysyygl/jxcd/jxcdbj): opened with ?roomId= for a new booking or ?id= for one made; the new
 * forms book several rooms at once, each once. A past booking can only be viewed.
 */
function BookingEdit({ route, kind, multi }: PageProps & { kind: LabBookingKind; multi: boolean }) {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  const roomId = idParam(params, 'roomId');
  const options = useQuery({ queryKey: labKeys.options, queryFn: ({ signal }) => fetchLabOptions(signal) });
  const booking = useQuery({ queryKey: labKeys.booking(id ?? 0), queryFn: ({ signal }) => fetchBooking(id!, signal), enabled: id !== null, retry: false });
  if ((id === null && roomId === null) || booking.isError) return <LabsLost />;
  if (options.isPending || !options.data || (id !== null && booking.isPending)) return <Spin />;
  if (roomId !== null && !options.data.rooms.some((r) => r.id === roomId)) return <LabsLost />;
  return (
    <div className="lab-edit" data-testid={`lab-edit-${kind}`}>
      <Typography.Title level={4}>{routeTitle(route, i18n.language)}</Typography.Title>
      <BookingForm kind={booking.data?.kind ?? kind} multi={multi && !booking.data} options={options.data} booking={booking.data} roomId={roomId ?? undefined} />
    </div>
  );
}

function BookingForm({ kind, multi, options, booking, roomId }: { kind: LabBookingKind; multi: boolean; options: LabOptions; booking?: LabBookingRow; roomId?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const editable = !booking || (booking.mine && !booking.expired && !!labBookingNext(booking.status, 'cancel'));
  const experiment = kind === 'student' || kind === 'demo';
  const rooms = useMemo(() => options.rooms.filter((r) => (r.enabled || r.id === booking?.roomId) && (kind === 'loan') === (r.kind === 'classroom')), [options.rooms, kind, booking]);
  const rule = (field: string) => zodRule(labBookingFormSchema, field, form);

  useEffect(() => {
    form.setFieldsValue(
      booking
        ? { ...booking, classId: booking.classId ?? undefined, courseId: booking.courseId ?? undefined, items: [{ roomId: booking.roomId, bookingDate: booking.bookingDate, periods: booking.periods }] }
        : { kind, items: [{ roomId, bookingDate: undefined, periods: [] }] },
    );
  }, [booking, kind, roomId, form]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = { ...form.getFieldsValue(true), kind } as Values;
    const roomIds = values.items.map((item) => item.roomId);
    if (new Set(roomIds).size !== roomIds.length) {
      feedback().message.error(t('lab.sameRoomTwice'));
      return;
    }
    const body = { ...values, experiment: values.experiment ?? '', equipment: values.equipment ?? '', note: values.note ?? '' };
    setSaving(true);
    try {
      if (booking) {
        const item = values.items[0]!;
        await updateBooking({ ...body, id: booking.id, roomId: item.roomId!, bookingDate: item.bookingDate!, periods: item.periods ?? [] });
        feedback().message.success(t('common.updated'));
      } else {
        const result = await createBooking(body as Parameters<typeof createBooking>[0]);
        feedback().message.success(t(result.pending ? 'lab.bookedPending' : 'lab.booked'));
      }
      await queryClient.invalidateQueries({ queryKey: ['campusLife', 'labs'] });
      void navigate(LAB_URLS.page);
    } catch {
      // The request client has shown why (a clash, a closed period); the teacher changes and books again.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {booking?.expired && <Alert type="warning" showIcon title={t('lab.expired')} style={{ marginBottom: 12 }} data-testid="lab-expired" />}
      {booking && !editable && <BookingFacts booking={booking} />}
      {editable && (
        <Form form={form} layout="vertical" data-testid="lab-booking-form">
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <div className="lab-items">
                <Typography.Text strong>{t('labsUi.roomsAndTimes')}</Typography.Text>
                {fields.map((field) => (
                  <ItemFields key={field.key} name={field.name} rooms={rooms} options={options} form={form} onRemove={multi && fields.length > 1 ? () => remove(field.name) : undefined} />
                ))}
                {multi && fields.length < LAB_ITEMS_MAX && (
                  <Button icon={<PlusOutlined />} onClick={() => add({ periods: [] })} data-testid="lab-item-add" style={{ width: 'fit-content' }}>
                    {t('labsUi.addRoomLine')}
                  </Button>
                )}
              </div>
            )}
          </Form.List>
          {(experiment || kind === 'loan') && (
            <Form.Item name="classId" label={t('labsUi.class')} required={experiment} rules={[rule('classId')]} style={{ marginTop: 12 }}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options.classes.map((c) => ({ value: c.id, label: c.name }))} data-testid="lab-form-class" />
            </Form.Item>
          )}
          {experiment && (
            <Form.Item name="courseId" label={t('labsUi.course')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options.courses.map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
          )}
          {kind !== 'loan' && (
            <Form.Item name="experiment" label={t(experiment ? 'labsUi.experiment' : 'labsUi.activity')} required={experiment} rules={[rule('experiment')]}>
              <Input maxLength={100} data-testid="lab-form-experiment" />
            </Form.Item>
          )}
          {kind !== 'loan' && (
            <Form.Item name="equipment" label={t('labsUi.equipment')}>
              <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          )}
          <Form.Item
            name="note"
            label={t(kind === 'loan' ? 'labsUi.loanNote' : 'labsUi.note')}
            required={kind === 'loan'}
            rules={[rule('note')]}
            extra={kind === 'loan' ? t('labsUi.loanNoteHint') : undefined}
          >
            <Input.TextArea maxLength={kind === 'loan' ? LAB_LOAN_NOTE_MAX : 300} showCount autoSize={{ minRows: 2, maxRows: 5 }} data-testid="lab-form-note" />
          </Form.Item>
          <Space>
            <Button onClick={() => void navigate(LAB_URLS.page)}>{t('manage.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="lab-form-submit">
              {booking ? t('manage.save') : t('labsUi.book')}
            </Button>
          </Space>
        </Form>
      )}
    </>
  );
}

function ItemFields({ name, rooms, options, form, onRemove }: { name: number; rooms: LabOptions['rooms']; options: LabOptions; form: Parameters<typeof zodRule>[2]; onRemove?: () => void }) {
  const { t } = useTranslation();
  const roomId = Form.useWatch(['items', name, 'roomId'], form) as number | undefined;
  const date = Form.useWatch(['items', name, 'bookingDate'], form) as string | undefined;
  const room = rooms.find((r) => r.id === roomId);
  const open = room && date ? new Set(room.slots.filter((s) => s.day === isoDay(date)).map((s) => s.period)) : null;
  const itemRule = (field: 'roomId' | 'bookingDate' | 'periods') => ({
    validator: async (_: unknown, value: unknown) => {
      if (field === 'periods' ? !Array.isArray(value) || value.length === 0 : !value) throw new Error(t(`lab.${field === 'roomId' ? 'roomRequired' : field === 'bookingDate' ? 'dateFormat' : 'periodsRequired'}`));
    },
  });
  return (
    <div className="lab-item" data-testid={`lab-item-${name}`}>
      <Form.Item name={[name, 'roomId']} label={t('labsUi.room')} rules={[itemRule('roomId')]}>
        <Select options={rooms.map((r) => ({ value: r.id, label: `${r.name}${r.shared ? ` · ${t('labsUi.shared')}` : ''}` }))} style={{ width: 200 }} data-testid={`lab-item-room-${name}`} />
      </Form.Item>
      <Form.Item name={[name, 'bookingDate']} label={t('labsUi.date')} rules={[itemRule('bookingDate')]}>
        <DayPicker min={todayText()} data-testid={`lab-item-date-${name}`} />
      </Form.Item>
      <Form.Item name={[name, 'periods']} label={t('labsUi.periods')} rules={[itemRule('periods')]} extra={open && open.size === 0 ? t('labsUi.closedThatDay') : undefined}>
        <Checkbox.Group
          options={options.periods.map((p) => ({ value: p.sort, label: p.name, disabled: !open || !open.has(p.sort) }))}
          data-testid={`lab-item-periods-${name}`}
        />
      </Form.Item>
      {onRemove && <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('labsUi.removeRoomLine')} />}
    </div>
  );
}

export const StudentBookingPage = (props: PageProps) => <BookingEdit {...props} kind="student" multi={false} />;
export const StudentBookingNewPage = (props: PageProps) => <BookingEdit {...props} kind="student" multi />;
export const DemoBookingPage = (props: PageProps) => <BookingEdit {...props} kind="demo" multi={false} />;
export const DemoBookingNewPage = (props: PageProps) => <BookingEdit {...props} kind="demo" multi />;
export const OtherBookingPage = (props: PageProps) => <BookingEdit {...props} kind="other" multi={false} />;
export const LoanBookingPage = (props: PageProps) => <BookingEdit {...props} kind="loan" multi={false} />;
