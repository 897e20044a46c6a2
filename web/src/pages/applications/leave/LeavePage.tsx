import { useMemo, useState } from 'react';
import { Tabs, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_TYPES, type ApplicationView } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { createLeave, fetchLeaveChildren, type ApplicationListRow } from '../../../api/leave.ts';
import { feedback } from '../../../app/feedback.ts';
import { ChildChooser } from '../../../components/ChildChooser/index.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { useSession } from '../../../state/session.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { useLinkedItem } from '../../homeSchool/common/receivedItems.ts';
import { ApplicationDetail, type DetailFact } from '../common/ApplicationDetail.tsx';
import { TimeRange } from '../common/ApplicationParts.tsx';
import { CancelLeaveDialog } from './CancelLeaveDialog.tsx';
import { LeaveForm, leaveBody, leaveFormValues, type LeaveFormValues } from './LeaveForm.tsx';
import { MyApplicationsList } from '../common/MyApplicationsList.tsx';
import { OnLeaveList } from './OnLeaveList.tsx';
import '../common/applications.css';

type Tab = 'mine' | 'onLeave';

/** "2 d, 5 periods", when the server counted it. */
function Duration({ row }: { row: Pick<ApplicationListRow, 'duration'> }) {
  const { t } = useTranslation();
  if (!row.duration) return null;
  return <span data-testid="leave-duration">{t('leavePage.durationValue', { days: row.duration.days, periods: row.duration.periods })}</span>;
}

/**
 * /sqsp/qjsq, Leave application: a parent applies for a child's leave (choosing the child), a student for their own,
 * staff for theirs; the list of one's applications with the status filter, withdrawing a pending one and
 * reporting the return of an approved one; a message's link (`?id=`) opens that application. Staff also see who of their
 * classes is on leave today.
 */
export default function LeavePage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const client = useQueryClient();
  const table = usePagedTable<ApplicationListRow>();
  const userType = useSession((s) => s.user?.userType);
  const parent = userType === USER_TYPES.parent;
  const family = parent || userType === USER_TYPES.student;
  const childrenQuery = useQuery({ queryKey: ['applications', 'leave', 'children'], queryFn: ({ signal }) => fetchLeaveChildren(signal) });
  const children = useMemo(() => childrenQuery.data ?? [], [childrenQuery.data]);
  const [picked, setPicked] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>('mine');
  const [openId, setOpenId] = useLinkedItem(route.path);
  const [readOnly, setReadOnly] = useState(false);
  const [applying, setApplying] = useState(false);
  const [cancelling, setCancelling] = useState<Pick<ApplicationView, 'id' | 'startAt' | 'endAt'> | null>(null);

  // A parent's chosen child (the first by default) filters the list and is the form's first choice.
  const chosen = parent ? (picked !== null && children.some((child) => child.id === picked) ? picked : (children[0]?.id ?? null)) : null;
  const initialValues = useMemo(() => leaveFormValues(chosen), [chosen]);

  const open = (id: number, fromOthers = false) => {
    setReadOnly(fromOthers);
    setOpenId(id);
  };
  const changed = () => {
    table.current?.reload();
    if (openId !== null) void client.invalidateQueries({ queryKey: ['applications', 'leave', 'detail', openId] });
  };

  const apply = async (values: LeaveFormValues) => {
    const answer = await createLeave(leaveBody(values, parent));
    feedback().message.success(t('leavePage.submitted', { msg: answer.msg || t('application.status.pending'), days: answer.duration.days, periods: answer.duration.periods }));
    if (parent && values.studentId) setPicked(values.studentId);
    table.current?.reload();
  };

  const columns: PagedColumn<ApplicationListRow>[] = [
    {
      key: 'leaveType',
      title: t('leavePage.type'),
      width: 150,
      render: (_: unknown, row) => (
        <span className="application-cell">
          <span className="application-row-title">{row.leaveTypeName}</span>
          {family && row.subjectName && <Typography.Text type="secondary">{row.subjectName}</Typography.Text>}
        </span>
      ),
    },
    { key: 'duration', title: t('leavePage.duration'), width: 130, render: (_: unknown, row) => <Duration row={row} /> },
    { key: 'reason', dataIndex: 'reason', title: t('leavePage.reason'), width: 220, ellipsis: true },
  ];

  const facts = (application: ApplicationView): DetailFact[] => [
    {
      key: 'person',
      label: t('leavePage.person'),
      value: application.className ? `${application.subjectName} · ${application.className}` : application.subjectName,
    },
    { key: 'leaveType', label: t('leavePage.type'), value: application.leaveTypeName },
    { key: 'time', label: t('leavePage.time'), value: <TimeRange row={application} /> },
    { key: 'duration', label: t('leavePage.duration'), value: <Duration row={application} /> },
    { key: 'reason', label: t('leavePage.reason'), value: <div className="application-text">{application.reason}</div> },
  ];

  const mine = (
    <MyApplicationsList
      kind="leave"
      table={table}
      title={routeTitle(route, i18n.language)}
      applyLabel={t('leavePage.apply')}
      onApply={() => setApplying(true)}
      studentId={chosen}
      ready={!childrenQuery.isPending}
      columns={columns}
      card={(row) => ({
        title: (
          <>
            {row.leaveTypeName}
            {parent && row.subjectName && <Typography.Text type="secondary"> · {row.subjectName}</Typography.Text>}
          </>
        ),
        body: (
          <>
            <Duration row={row} />
            {row.reason && <div className="application-card-reason">{row.reason}</div>}
          </>
        ),
      })}
      emptyText={t('leavePage.empty')}
      before={parent && children.length > 0 ? <ChildChooser items={children} value={chosen} onChange={setPicked} phone={phone} label={t('leavePage.child')} testIdPrefix="leave" /> : undefined}
      onOpen={(row) => open(row.id)}
      onCancelLeave={(row) => setCancelling(row)}
      onChanged={changed}
    />
  );

  return (
    <div className={`application-page${phone ? ' is-phone' : ''}`} data-testid="leave-page">
      {family ? (
        mine
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          className="application-tabs"
          items={[
            { key: 'mine', label: <span data-testid="leave-tab-mine">{t('leavePage.tab.mine')}</span>, children: mine },
            { key: 'onLeave', label: <span data-testid="leave-tab-onLeave">{t('leavePage.tab.onLeave')}</span>, children: <OnLeaveList onOpen={(id) => open(id, true)} /> },
          ]}
        />
      )}
      <FormDialog<LeaveFormValues>
        open={applying}
        mode="add"
        title={t('leavePage.formTitle')}
        initialValues={initialValues}
        onClose={() => setApplying(false)}
        onSubmit={apply}
        okText={t('application.submit')}
        width={phone ? undefined : 640}
        data-testid="leave-dialog"
      >
        {(form) => <LeaveForm form={form} parent={parent} childOptions={children} />}
      </FormDialog>
      <ApplicationDetail
        kind="leave"
        id={openId}
        title={t('leavePage.detailTitle')}
        facts={facts}
        readOnly={readOnly}
        onClose={() => setOpenId(null)}
        onCancelLeave={(application) => setCancelling(application)}
        onChanged={() => table.current?.reload()}
      />
      <CancelLeaveDialog leave={cancelling} onClose={() => setCancelling(null)} onDone={changed} />
    </div>
  );
}
