import { useState } from 'react';
import { Button, Card, Empty, Form, Input, Modal, Segmented, Select, Spin, Tag, Typography, type ButtonProps } from 'antd';
import { BellOutlined, StopOutlined, SendOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CAMPUS_EVENT_CANCEL_REASON_MAX,
  CAMPUS_EVENT_PERMISSIONS,
  CAMPUS_EVENT_STATUSES,
  CAMPUS_EVENT_TRANSITIONS,
  type BrowseEventRow,
  type CampusEventKind,
  type CampusEventOptions,
  type CampusEventPhase,
  type CampusEventRow,
  type CampusEventStatus,
  type EventBrowseTab,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { ChildChooser } from '../../../components/ChildChooser/ChildChooser.tsx';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { RichTextView } from '../../../components/RichText/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { campusLifeKeys, eventAction, eventCalls, fetchBrowse, fetchEventOptions, PHASE_COLOURS, signUp } from './api.ts';
import { EventDialog, type EventDialogState } from './EventForm.tsx';
import { SignupsDrawer } from './SignupsDrawer.tsx';
import './campusLife.css';

export function PhaseTag({ phase, testId }: { phase: CampusEventPhase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={PHASE_COLOURS[phase]} data-testid={testId}>
      {t(`campusLife.phase.${phase}`)}
    </Tag>
  );
}

/**
 * Lectures (/xysh/jzgl) and activities (/xysh/hdbm): staff who may publish manage their events (sign-up lists,
 * attendance, export); students and parents see what is open, their sign-ups and their history.
 */
export function EventsPage({ route, kind }: PageProps & { kind: CampusEventKind }) {
  const can = usePermission();
  if (can({ permissions: [CAMPUS_EVENT_PERMISSIONS[kind].edit] })) return <ManageEvents route={route} kind={kind} />;
  return <BrowseEvents route={route} kind={kind} />;
}

interface SearchForm {
  keyword?: string;
  status?: CampusEventStatus;
}

function ManageEvents({ route, kind }: PageProps & { kind: CampusEventKind }) {
  const options = useQuery({ queryKey: campusLifeKeys.options(kind), queryFn: ({ signal }) => fetchEventOptions(kind, signal) });
  if (options.isPending) return <Spin className="campus-loading" />;
  return <Manage route={route} kind={kind} options={options.data ?? { terms: [], grades: [], classes: [] }} />;
}

function Manage({ route, kind, options }: PageProps & { kind: CampusEventKind; options: CampusEventOptions }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const calls = eventCalls(kind);
  const rights = CAMPUS_EVENT_PERMISSIONS[kind];
  const [dialog, setDialog] = useState<EventDialogState | null>(null);
  const [signups, setSignups] = useState<CampusEventRow | null>(null);
  const [cancelling, setCancelling] = useState<{ row: CampusEventRow; reload: () => void } | null>(null);
  const [reason, setReason] = useState('');

  const act = async (action: 'publish' | 'remind', row: CampusEventRow, reload: () => void) => {
    try {
      feedback().message.success(await eventAction(kind, action, { id: row.id }));
    } catch {
      // The request client has shown the refusal.
    } finally {
      reload();
    }
  };
  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      feedback().message.success(await eventAction(kind, 'cancel', { id: cancelling.row.id, reason }));
      cancelling.reload();
      setCancelling(null);
    } catch {
      // Kept open: the reason can be corrected.
    }
  };
  const beforeStart = (row: CampusEventRow) => ['draft', 'upcoming', 'open', 'full'].includes(row.phase) || (row.phase === 'closed' && row.status === 'published');

  return (
    <ManagePage<CampusEventRow, SearchForm>
      permission={rights.view}
      editPermission={rights.edit}
      deletePermission={rights.delete}
      listUrl={calls.page}
      title={routeTitle(route, i18n.language)}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(values) => ({ keyword: values.keyword?.trim() ?? '', status: values.status ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('campusLifeUi.keyword')}>
            <Input allowClear maxLength={50} data-testid="campus-search-keyword" />
          </Form.Item>
          <Form.Item name="status" label={t('campusLifeUi.status')}>
            <Select allowClear style={{ width: 140 }} placeholder={t('manage.all')} options={CAMPUS_EVENT_STATUSES.map((status) => ({ value: status, label: t(`campusLife.phase.${status}`) }))} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'title', dataIndex: 'title', title: t('campusLifeUi.title'), sorter: true, width: 200 },
        { key: 'phase', title: t('campusLifeUi.status'), width: 120, render: (_: unknown, row: CampusEventRow) => <PhaseTag phase={row.phase} testId={`campus-phase-${row.id}`} /> },
        { key: 'host', dataIndex: 'host', title: t(`campusLifeUi.host.${kind}`), width: 150 },
        { key: 'startsAt', dataIndex: 'startsAt', title: t('campusLifeUi.startsAt'), sorter: true, width: 150 },
        { key: 'place', dataIndex: 'place', title: t('campusLifeUi.place'), width: 130 },
        { key: 'signup', title: t('campusLifeUi.signupWindow'), width: 180, render: (_: unknown, row: CampusEventRow) => `${row.signupStart} ~ ${row.signupEnd}` },
        { key: 'seats', title: t('campusLifeUi.seats'), width: 100, render: (_: unknown, row: CampusEventRow) => `${row.signedUp}/${row.capacity}` },
        { key: 'audience', dataIndex: 'audience', title: t('campusLifeUi.audience'), width: 150 },
        { key: 'ownerName', dataIndex: 'ownerName', title: t('campusLifeUi.owner'), width: 100 },
      ]}
      actionsWidth={phone ? 160 : i18n.language === 'en' ? 420 : 340}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions
            onView={() => setDialog({ mode: 'view', row })}
            onEdit={canEdit && row.mine && row.status !== 'cancelled' && beforeStart(row) && row.phase !== 'closed' ? () => setDialog({ mode: 'edit', row }) : undefined}
            viewTestId={`campus-view-${row.id}`}
            editTestId={`campus-edit-${row.id}`}
          />
          {canEdit && row.mine && CAMPUS_EVENT_TRANSITIONS[row.status].publish && (
            <Button type="link" size="small" icon={<SendOutlined />} onClick={() => void act('publish', row, reload)} data-testid={`campus-publish-${row.id}`}>
              {t('campusLifeUi.publish')}
            </Button>
          )}
          {row.status !== 'draft' && row.mine && (
            <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setSignups(row)} data-testid={`campus-signups-${row.id}`}>
              {t('campusLifeUi.signups')}
            </Button>
          )}
          {canEdit && row.mine && row.status === 'published' && beforeStart(row) && (
            <Button type="link" size="small" icon={<BellOutlined />} onClick={() => void act('remind', row, reload)} data-testid={`campus-remind-${row.id}`}>
              {t('campusLifeUi.remind')}
            </Button>
          )}
          {canEdit && row.mine && CAMPUS_EVENT_TRANSITIONS[row.status].cancel && row.phase !== 'finished' && (
            <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => { setReason(''); setCancelling({ row, reload }); }} data-testid={`campus-cancel-${row.id}`}>
              {t('campusLifeUi.cancelEvent')}
            </Button>
          )}
          {canDelete && row.mine && row.status !== 'published' && (
            <DeleteButton type="link" size="small" url={calls.delete} param={{ ids: [row.id] }} text={t('campusLifeUi.deleteConfirm', { title: row.title })} onSuccess={reload} data-testid={`campus-delete-${row.id}`} />
          )}
        </>
      )}
      data-testid="campus-events-page"
    >
      {({ reload }) => (
        <>
          <EventDialog kind={kind} dialog={dialog} options={options} onClose={() => setDialog(null)} onSaved={reload} />
          <SignupsDrawer kind={kind} event={signups} onClose={() => setSignups(null)} onSaved={reload} />
          <Modal
            open={!!cancelling}
            title={t('campusLifeUi.cancelTitle', { title: cancelling?.row.title ?? '' })}
            onCancel={() => setCancelling(null)}
            onOk={() => void confirmCancel()}
            okText={t('campusLifeUi.cancelEvent')}
            okButtonProps={{ danger: true, 'data-testid': 'campus-cancel-ok' } as ButtonProps}
            cancelText={t('manage.cancel')}
            destroyOnHidden
          >
            <Typography.Paragraph>{t('campusLifeUi.cancelHint')}</Typography.Paragraph>
            <Input.TextArea value={reason} maxLength={CAMPUS_EVENT_CANCEL_REASON_MAX} showCount onChange={(e) => setReason(e.target.value)} placeholder={t('campusLifeUi.cancelReason')} data-testid="campus-cancel-reason" />
          </Modal>
        </>
      )}
    </ManagePage>
  );
}

const TABS: EventBrowseTab[] = ['open', 'mine', 'history'];

function BrowseEvents({ route, kind }: PageProps & { kind: CampusEventKind }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const client = useQueryClient();
  const [tab, setTab] = useState<EventBrowseTab>('open');
  const [studentId, setStudentId] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState<number | null>(null);
  const query = useQuery({ queryKey: campusLifeKeys.browse(kind, tab, studentId), queryFn: ({ signal }) => fetchBrowse(kind, tab, studentId, signal) });
  const data = query.data;

  const act = async (row: BrowseEventRow, cancel: boolean) => {
    setBusy(row.id);
    try {
      feedback().message.success(await signUp(kind, row.id, data?.children.length ? data.student?.id : undefined, cancel));
    } catch {
      // The request client has shown the refusal (full, closed, already signed up).
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: ['campusLife', kind, 'browse'] });
    }
  };

  return (
    <div className="campus-browse" data-testid="campus-browse-page">
      <Typography.Title level={4} className="campus-browse-title">
        {routeTitle(route, i18n.language)}
      </Typography.Title>
      {data && data.children.length > 0 && (
        <ChildChooser items={data.children} value={data.student?.id ?? null} onChange={setStudentId} label={t('campusLifeUi.child')} phone={phone} testIdPrefix="campus" />
      )}
      <Segmented<EventBrowseTab> block={phone} value={tab} onChange={setTab} options={TABS.map((value) => ({ value, label: t(`campusLifeUi.tab.${value}`) }))} data-testid="campus-browse-tabs" />
      {query.isPending ? (
        <Spin className="campus-loading" />
      ) : !data?.student ? (
        <Empty description={t('campusLife.noStudent')} />
      ) : data.rows.length === 0 ? (
        <Empty description={t(`campusLifeUi.empty.${tab}`)} />
      ) : (
        <div className="campus-cards">
          {data.rows.map((row) => (
            <Card key={row.id} size="small" className="campus-card" data-testid={`campus-card-${row.id}`}>
              <div className="campus-card-head">
                <span className="campus-card-title">{row.title}</span>
                <PhaseTag phase={row.phase} testId={`campus-card-phase-${row.id}`} />
              </div>
              <dl className="campus-card-facts">
                <dt>{t(`campusLifeUi.host.${kind}`)}</dt>
                <dd>{row.host}</dd>
                <dt>{t('campusLifeUi.time')}</dt>
                <dd>
                  {row.startsAt} ~ {row.endsAt.slice(11)}
                  {row.weekFrom !== null && ` · ${t('campusLifeUi.weekly', { from: row.weekFrom, to: row.weekTo })}`}
                </dd>
                <dt>{t('campusLifeUi.place')}</dt>
                <dd>{row.place}</dd>
                <dt>{t('campusLifeUi.signupWindow')}</dt>
                <dd>
                  {row.signupStart} ~ {row.signupEnd}
                </dd>
                <dt>{t('campusLifeUi.seats')}</dt>
                <dd data-testid={`campus-card-seats-${row.id}`}>{`${row.signedUp}/${row.capacity}`}</dd>
                {kind === 'activity' && (
                  <>
                    <dt>{t('campusLifeUi.familySignupShort')}</dt>
                    <dd>{t(row.familySignup ? 'campusLifeUi.familyYes' : 'campusLifeUi.familyNo')}</dd>
                  </>
                )}
              </dl>
              {row.description && <RichTextView html={row.description} className="campus-card-description" />}
              <div className="campus-card-foot">
                {row.signup === 'signed' && <Tag color="success">{t('campusLife.signup.signed')}</Tag>}
                {row.signup === 'cancelled' && <Tag>{t('campusLife.signup.cancelled')}</Tag>}
                {row.attended !== null && <Tag color={row.attended ? 'blue' : 'warning'}>{t(row.attended ? 'campusLifeUi.present' : 'campusLifeUi.absent')}</Tag>}
                <span className="campus-card-actions">
                  {row.canCancel && (
                    <Button size="small" loading={busy === row.id} onClick={() => void act(row, true)} data-testid={`campus-cancel-signup-${row.id}`}>
                      {t('campusLifeUi.cancelSignup')}
                    </Button>
                  )}
                  {row.signup !== 'signed' && tab === 'open' && (
                    <Button type="primary" size="small" loading={busy === row.id} disabled={!row.canSignUp} onClick={() => void act(row, false)} data-testid={`campus-signup-${row.id}`}>
                      {t('campusLifeUi.signUp')}
                    </Button>
                  )}
                </span>
              </div>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
