import { useMemo, useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTICE_STATUSES, type EventRow, type NoticeDetail, type NoticeRow, type NoticeStatus } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { createEvent, createNotice, fetchNotice, RELEASE, resendNotice, updateEvent, updateNotice, type ReleaseKind } from '../../../api/homeSchool.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { DeliveryStatus, ReadCount, useLiveNotice } from './DeliveryStatus.tsx';
import { EVENT_TIME_FORMAT, NoticeForm, noticeFormValues, type NoticeFormValues } from './NoticeForm.tsx';
import { NoticeViewPanel } from './NoticeViewPanel.tsx';
import { ReceiptsPanel } from './ReceiptsPanel.tsx';
import { noticeTime } from '../common/NoticeBody.tsx';
import { kindKey, ReleaseContext, useRelease } from './release.ts';
import './notices.css';

interface NoticeSearchForm {
  title?: string;
  status?: NoticeStatus;
}

type Editing = { mode: 'add' } | { mode: 'edit'; detail: NoticeDetail };

interface RowActionsProps {
  row: NoticeRow;
  canEdit: boolean;
  canDelete: boolean;
  reload: () => void;
  onOpen: (row: NoticeRow, as: 'view' | 'edit') => void;
  onReceipts: (row: NoticeRow) => void;
}

/** The operation column of one notice; it follows the row's live status (send again once it failed). */
function RowActions({ row, canEdit, canDelete, reload, onOpen, onReceipts }: RowActionsProps) {
  const { t } = useTranslation();
  const { calls } = useRelease();
  const live = useLiveNotice(row);
  const resend = async () => {
    try {
      feedback().message.success((await resendNotice(row.id, calls)) || t('homeSchool.resent'));
      reload();
    } catch {
      // The request client has shown why.
    }
  };
  return (
    <>
      <RecordActions onView={() => onOpen(row, 'view')} onEdit={canEdit ? () => onOpen(row, 'edit') : undefined} viewTestId={`notice-view-${row.id}`} editTestId={`notice-edit-${row.id}`} />
      <Button type="link" size="small" onClick={() => onReceipts(live)} data-testid={`notice-receipts-${row.id}`}>
        {t('notices.receipts')}
      </Button>
      {canEdit && live.status === 'failed' && (
        <Button type="link" size="small" onClick={() => void resend()} data-testid={`notice-resend-${row.id}`}>
          {t('notices.resend')}
        </Button>
      )}
      {canDelete && <DeleteButton type="link" size="small" url={calls.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`notice-delete-${row.id}`} />}
    </>
  );
}

/**
 * /jxhd/tzfb, Notice release: the caller's notices (every notice for holders of `homeSchool:notice:all`) with
 * their delivery and reading, publishing and modifying, receipts with a reminder, and deleting.
 */
export default function NoticesPage({ route }: PageProps) {
  return <ReleasePage route={route} kind="notice" />;
}

/** Joined and declined of an event that asks, or a dash. */
function Answers({ row }: { row: EventRow }) {
  if (!row.askJoin) return <span>-</span>;
  return (
    <span className="event-answers" data-testid={`event-answers-${row.id}`}>
      <span className="event-joined">{row.joined}</span> / <span className="event-declined">{row.declined}</span>
    </span>
  );
}

/**
 * A release page: notice release (notices) or event release (/jxhd/hdfb, events, which add a place, a time, pictures
 * and, when asked, whether each recipient joins). Same list, form, receipts and view; the kind picks the calls.
 */
export function ReleasePage({ route, kind }: PageProps & { kind: ReleaseKind }) {
  const release = RELEASE[kind];
  const event = kind === 'event';
  const { calls } = release;
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [viewing, setViewing] = useState<NoticeDetail | null>(null);
  const [receipts, setReceipts] = useState<NoticeRow | null>(null);

  const open = async (row: NoticeRow, as: 'view' | 'edit') => {
    try {
      const detail = await fetchNotice(row.id, {}, calls);
      if (as === 'view') setViewing(detail);
      else setEditing({ mode: 'edit', detail });
    } catch {
      // The request client has shown why (e.g. deleted meanwhile).
    }
  };

  const editDetail = editing?.mode === 'edit' ? editing.detail : undefined;
  const initialValues = useMemo(() => noticeFormValues(editDetail), [editDetail]);
  const statusOptions = NOTICE_STATUSES.map((value) => ({ value, label: t(`homeSchool.status.${value}`) }));

  const save = async (values: NoticeFormValues, reload: () => void) => {
    const text = { title: values.title, content: values.content, images: values.images ?? [], video: values.video ?? [], documents: values.documents ?? [], audio: values.audio ?? [] };
    const recipients = { recipients: values.recipients ?? '', classIds: values.classIds ?? [], classAudience: values.classAudience ?? 'parents' };
    let msg: string;
    if (event) {
      const fields = { title: values.title, content: values.content, images: values.images ?? [], place: (values.place ?? '').trim(), eventAt: values.eventAt?.format(EVENT_TIME_FORMAT) ?? '' };
      msg = editDetail ? await updateEvent({ id: editDetail.id, ...fields }) : await createEvent({ ...fields, askJoin: !!values.askJoin, ...recipients });
    } else {
      msg = editDetail ? await updateNotice({ id: editDetail.id, ...text }) : await createNotice({ ...text, ...recipients });
    }
    feedback().message.success(msg || t(editDetail ? 'common.updated' : 'common.created'));
    reload();
  };

  return (
    <ReleaseContext.Provider value={release}>
      <ManagePage<NoticeRow, NoticeSearchForm>
        permission={release.permission}
        listUrl={calls.page}
        title={routeTitle(route, i18n.language)}
        deleteUrl={calls.delete}
        onAdd={() => setEditing({ mode: 'add' })}
        toSearch={(values) => ({ title: values.title?.trim() ?? '', status: values.status ?? '' })}
        searchFields={() => (
          <>
            <Form.Item name="title" label={t(kindKey(release, 'noticeTitle'))}>
              <Input allowClear maxLength={100} placeholder={t('notices.titleHint')} data-testid="notices-search-title" />
            </Form.Item>
            <Form.Item name="status" label={t('notices.status')}>
              <Select allowClear options={statusOptions} placeholder={t('manage.all')} style={{ width: 140 }} data-testid="notices-search-status" />
            </Form.Item>
          </>
        )}
        columns={[
          {
            key: 'title',
            dataIndex: 'title',
            title: t(kindKey(release, 'noticeTitle')),
            render: (value: string, row: NoticeRow) => (
              <Button type="link" size="small" className="notice-title-link" onClick={() => void open(row, 'view')} data-testid="notice-title">
                {value}
              </Button>
            ),
          },
          // An event's place and time take the place of the publishing time (shown in its view).
          ...(event
            ? [
                {
                  key: 'place',
                  dataIndex: 'place',
                  title: t('events.placeAndTime'),
                  width: 170,
                  render: (_: unknown, row: NoticeRow) => (
                    <div className="event-when" data-testid={`event-when-${row.id}`}>
                      <span>{(row as EventRow).place}</span>
                      <span className="event-when-time">{noticeTime((row as EventRow).eventAt)}</span>
                    </div>
                  ),
                },
              ]
            : []),
          { key: 'publisherName', dataIndex: 'publisherName', title: t('notices.publisher'), width: 120 },
          ...(event ? [] : [{ key: 'createdAt', dataIndex: 'createdAt', title: t('notices.time'), width: 170, render: (value: string) => noticeTime(value) }]),
          { key: 'status', dataIndex: 'status', title: t('notices.status'), width: 190, render: (_: unknown, row: NoticeRow) => <DeliveryStatus row={row} /> },
          { key: 'read', title: t('notices.readColumn'), width: 100, render: (_: unknown, row: NoticeRow) => <ReadCount row={row} /> },
          ...(event ? [{ key: 'answers', title: t('events.answersColumn'), width: 100, render: (_: unknown, row: NoticeRow) => <Answers row={row as EventRow} /> }] : []),
        ]}
        rowActions={(row, { canEdit, canDelete, reload }) => (
          <RowActions row={row} canEdit={canEdit} canDelete={canDelete} reload={reload} onOpen={(r, as) => void open(r, as)} onReceipts={setReceipts} />
        )}
        data-testid={event ? 'events-page' : 'notices-page'}
      >
        {({ reload, canEdit }) => (
          <>
            <FormDialog<NoticeFormValues>
              open={!!editing}
              mode={editing?.mode ?? 'add'}
              title={t(kindKey(release, editing?.mode === 'edit' ? 'editTitle' : 'addTitle'))}
              initialValues={initialValues}
              onClose={() => setEditing(null)}
              onSubmit={(values) => save(values, reload)}
              data-testid="notice-dialog"
            >
              {(form) => <NoticeForm form={form} detail={editDetail} />}
            </FormDialog>
            <NoticeViewPanel detail={viewing} onClose={() => setViewing(null)} />
            <ReceiptsPanel notice={receipts} canRemind={canEdit} onClose={() => setReceipts(null)} onReminded={reload} />
          </>
        )}
      </ManagePage>
    </ReleaseContext.Provider>
  );
}
