import { useMemo, useState } from 'react';
import { Button, Checkbox, DatePicker, Descriptions, Form, Input, Modal, Select, Spin, Tag, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MEETING_TEXT_MAX, RESEARCH_MEETING_PERMISSIONS, meetingFormSchema, type MeetingForm, type MeetingOptions, type MeetingRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { MEETING_CALLS, fetchMeetingOptions, meetingKeys, saveAttendance, saveMeeting } from '../../../api/researchMeetings.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { FormDialog, ManagePage, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { RichTextEditor, RichTextView } from '../../../components/RichText/index.ts';
import { byName, idParam, schemaRule } from '../../teaching/common/parts.tsx';
import { MaterialLinks } from '../../teaching/materials/MaterialLinks.tsx';

interface Values {
  groupId?: number;
  day?: Dayjs | null;
  time?: [Dayjs | null, Dayjs | null] | null;
  place?: string;
  topic?: string;
  hostId?: number | null;
  attendeeIds?: number[];
  minutes?: string;
  attachments?: string[];
}

interface SearchForm {
  groupId?: number;
  keyword?: string;
}

export function meetingBody(values: Values, id?: number): MeetingForm {
  return {
    ...(id ? { id } : {}),
    groupId: values.groupId as number,
    day: values.day ? values.day.format('YYYY-MM-DD') : '',
    startTime: values.time?.[0]?.format('HH:mm') ?? '',
    endTime: values.time?.[1]?.format('HH:mm') ?? '',
    place: values.place?.trim() ?? '',
    topic: values.topic?.trim() ?? '',
    hostId: values.hostId ?? undefined,
    attendeeIds: values.attendeeIds ?? [],
    minutes: values.minutes ?? '',
    attachments: values.attachments ?? [],
  };
}

const rowValues = (row: MeetingRow): Values => ({
  groupId: row.groupId,
  day: dayjs(row.day),
  time: [dayjs(`${row.day} ${row.startTime}`), dayjs(`${row.day} ${row.endTime}`)],
  place: row.place,
  topic: row.topic,
  hostId: row.hostId,
  attendeeIds: row.attendees.map((a) => a.staffId),
  minutes: row.minutes,
  attachments: row.attachments.map((file) => file.id),
});

/**
 * /jyhygl/hygl(?groupId=), teaching-research meetings: the meetings of the caller's groups (the office every
 * group's); a group's leader arranges them (members invited, minutes, documents) and marks attendance.
 */
export default function ResearchMeetingsPage({ route }: PageProps) {
  const options = useQuery({ queryKey: meetingKeys.options, queryFn: ({ signal }) => fetchMeetingOptions(signal) });
  if (!options.data) return <Spin />;
  return <Meetings route={route} options={options.data} />;
}

function Meetings({ route, options }: PageProps & { options: MeetingOptions }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const groupParam = idParam(params, 'groupId') ?? undefined;
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: MeetingRow } | null>(null);
  const [marking, setMarking] = useState<MeetingRow | null>(null);
  const manageable = options.groups.filter((group) => group.manageable);
  const initialValues = useMemo<Values>(() => (dialog?.row ? rowValues(dialog.row) : { groupId: groupParam ?? manageable[0]?.id, attendeeIds: [], attachments: [], minutes: '' }), [dialog, groupParam, manageable]);

  return (
    <ManagePage<MeetingRow, SearchForm>
      permission={RESEARCH_MEETING_PERMISSIONS.view}
      editPermission={RESEARCH_MEETING_PERMISSIONS.view}
      deletePermission={RESEARCH_MEETING_PERMISSIONS.view}
      listUrl={MEETING_CALLS.page}
      title={<MaterialLinks title={routeTitle(route, i18n.language)} />}
      initialSearch={{ groupId: groupParam }}
      toSearch={(values) => ({ groupId: values.groupId ?? '', keyword: values.keyword?.trim() ?? '' })}
      onAdd={manageable.length ? () => setDialog({ mode: 'add' }) : undefined}
      searchFields={() => (
        <>
          <Form.Item name="groupId" label={t('meeting.col.group')}>
            <Select allowClear options={byName(options.groups)} placeholder={t('manage.all')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="keyword" label={t('meetingUi.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('meetingUi.keywordPlaceholder')} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'day', dataIndex: 'day', title: t('meeting.col.day'), sorter: true, width: 110 },
        { key: 'time', title: t('meeting.col.time'), width: 110, render: (_: unknown, row: MeetingRow) => `${row.startTime}–${row.endTime}` },
        { key: 'topic', dataIndex: 'topic', title: t('meeting.col.topic'), sorter: true, width: 200, render: (topic: string) => <span className="teaching-strong">{topic}</span> },
        { key: 'groupName', dataIndex: 'groupName', title: t('meeting.col.group'), width: 120 },
        { key: 'place', dataIndex: 'place', title: t('meeting.col.place'), width: 130 },
        { key: 'hostName', dataIndex: 'hostName', title: t('meeting.col.host'), width: 90, render: (name: string) => name || '—' },
        {
          key: 'attendance',
          title: t('meeting.col.attendance'),
          width: 110,
          render: (_: unknown, row: MeetingRow) => {
            const marked = row.attendees.filter((a) => a.attended !== null);
            return marked.length ? `${row.attendees.filter((a) => a.attended).length} / ${row.attendees.length}` : <Tag>{t('meetingUi.notMarked', { count: row.attendees.length })}</Tag>;
          },
        },
      ]}
      actionsWidth={i18n.language === 'en' ? 300 : 240}
      rowActions={(row, { reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={row.manageable ? () => setDialog({ mode: 'edit', row }) : undefined} />
          {row.manageable && (
            <Button type="link" size="small" onClick={() => setMarking(row)} data-testid={`meeting-attendance-${row.id}`}>
              {t('meetingUi.attendance')}
            </Button>
          )}
          {row.manageable && <DeleteButton type="link" size="small" url={MEETING_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="research-meetings-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<Values>
            open={!!dialog}
            mode={dialog?.mode ?? 'add'}
            title={t(dialog?.mode === 'add' ? 'meetingUi.addTitle' : dialog?.mode === 'edit' ? 'meetingUi.editTitle' : 'meetingUi.viewTitle')}
            initialValues={initialValues}
            width={i18n.language === 'en' ? 900 : 820}
            onClose={() => setDialog(null)}
            onSubmit={async (values) => {
              feedback().message.success(await saveMeeting(meetingBody(values, dialog?.row?.id)));
              reload();
            }}
            data-testid="meeting-dialog"
          >
            {(form, mode) => {
              if (mode === 'view' && dialog?.row) return <MeetingView row={dialog.row} />;
              const rule = (field: keyof MeetingForm) => [schemaRule(meetingFormSchema, () => meetingBody(form.getFieldsValue(true) as Values), [field])];
              const group = options.groups.find((g) => g.id === form.getFieldValue('groupId'));
              const members = byName(group?.members ?? []);
              return (
                <>
                  <div className="teaching-form-grid">
                    <Form.Item name="groupId" label={t('meeting.col.group')} required rules={rule('groupId')}>
                      <Select options={byName(manageable)} onChange={() => form.setFieldsValue({ attendeeIds: [], hostId: null })} />
                    </Form.Item>
                    <Form.Item name="topic" label={t('meeting.col.topic')} required rules={rule('topic')}>
                      <Input maxLength={MEETING_TEXT_MAX} data-testid="meeting-topic" />
                    </Form.Item>
                    <Form.Item name="day" label={t('meeting.col.day')} required rules={rule('day')}>
                      <DatePicker style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item name="time" label={t('meeting.col.time')} required rules={[...rule('startTime'), ...rule('endTime')]}>
                      <TimePicker.RangePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item name="place" label={t('meeting.col.place')} required rules={rule('place')}>
                      <Input maxLength={MEETING_TEXT_MAX} />
                    </Form.Item>
                    <Form.Item name="hostId" label={t('meeting.col.host')} rules={rule('hostId')}>
                      <Select allowClear options={members} />
                    </Form.Item>
                  </div>
                  <Form.Item name="attendeeIds" label={t('meetingUi.attendees')} rules={rule('attendeeIds')} extra={t('meetingUi.attendeesHint')}>
                    <Select mode="multiple" allowClear options={members} />
                  </Form.Item>
                  <Form.Item name="minutes" label={t('meetingUi.minutes')} rules={rule('minutes')}>
                    <RichTextEditor placeholder={t('meetingUi.minutesPlaceholder')} />
                  </Form.Item>
                  <Form.Item name="attachments" label={t('meetingUi.attachments')} rules={rule('attachments')}>
                    <FileUpload purpose="document" knownFiles={(dialog?.row?.attachments ?? []).map((file) => ({ RESID: file.id, name: file.name }))} />
                  </Form.Item>
                </>
              );
            }}
          </FormDialog>
          <AttendanceDialog row={marking} onClose={() => setMarking(null)} onSaved={reload} />
        </>
      )}
    </ManagePage>
  );
}

function MeetingView({ row }: { row: MeetingRow }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('meeting.col.topic')} span={2}>{row.topic}</Descriptions.Item>
        <Descriptions.Item label={t('meeting.col.group')}>{row.groupName}</Descriptions.Item>
        <Descriptions.Item label={t('meeting.col.host')}>{row.hostName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('meeting.col.day')}>{`${row.day} ${row.startTime}–${row.endTime}`}</Descriptions.Item>
        <Descriptions.Item label={t('meeting.col.place')}>{row.place}</Descriptions.Item>
        <Descriptions.Item label={t('meetingUi.attendees')} span={2}>
          {row.attendees.map((a) => (
            <Tag key={a.staffId} color={a.attended === null ? 'default' : a.attended ? 'green' : 'red'}>
              {a.name}
              {a.attended === false ? ` · ${t('meetingUi.absent')}` : ''}
            </Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('meetingUi.attachments')} span={2}>
          {row.attachments.length
            ? row.attachments.map((file) => (
                <div key={file.id}>
                  <a href={`/file/download/${file.id}`} target="_blank" rel="noreferrer">
                    {file.name}
                  </a>
                </div>
              ))
            : '—'}
        </Descriptions.Item>
      </Descriptions>
      <div style={{ marginTop: 12 }}>
        <div className="teaching-strong">{t('meetingUi.minutes')}</div>
        {row.minutes ? <RichTextView html={row.minutes} /> : <span className="teaching-muted">{t('meetingUi.noMinutes')}</span>}
      </div>
    </>
  );
}

function AttendanceDialog({ row, onClose, onSaved }: { row: MeetingRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [present, setPresent] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!row) return;
    setSaving(true);
    try {
      feedback().message.success(await saveAttendance({ id: row.id, marks: row.attendees.map((a) => ({ staffId: a.staffId, attended: present.includes(a.staffId) })) }));
      onSaved();
      onClose();
    } catch {
      // The request client has shown the refusal.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!row}
      title={t('meetingUi.attendanceTitle', { topic: row?.topic ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ disabled: !row?.attendees.length }}
      confirmLoading={saving}
      cancelText={t('manage.cancel')}
      afterOpenChange={(open) => open && setPresent((row?.attendees ?? []).filter((a) => a.attended !== false).map((a) => a.staffId))}
      destroyOnHidden
    >
      {row?.attendees.length ? (
        <Checkbox.Group value={present} onChange={(values) => setPresent(values as number[])} options={row.attendees.map((a) => ({ value: a.staffId, label: a.name }))} />
      ) : (
        <span className="teaching-muted">{t('meetingUi.noAttendees')}</span>
      )}
    </Modal>
  );
}
