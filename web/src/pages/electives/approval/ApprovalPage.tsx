import { useState } from 'react';
import { Button, Form, Input, Select, Spin, Tabs, Typography } from 'antd';
import { AuditOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DECLARATION_STATUSES, ELECTIVE_PERMISSIONS, declarationNext, type DeclarationOptions, type DeclarationRow, type DeclarationStatus } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ELECTIVE_CALLS, EMPTY_DECLARATION_OPTIONS, electiveKeys, fetchDeclarationOptions, type DeclarationSearch } from '../../../api/electives.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { CourseStudents, type CourseStudentsTarget } from '../common/CourseStudents.tsx';
import { DeclarationStatusTag, byName, slotText, weeksText } from '../common/parts.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';

interface SearchForm {
  keyword?: string;
  termId?: number;
  status?: DeclarationStatus;
}

const toSearch = (values: SearchForm): DeclarationSearch & Record<string, unknown> => ({
  keyword: values.keyword?.trim() ?? '',
  termId: values.termId ?? '',
  status: values.status ?? '',
});

type Tab = 'declarations' | 'settings';

/**
 * /xkgl/kcsp, Elective approval (the academic office): every teacher's declarations, those waiting for review
 * first, each approved (the course opens for selection) or rejected with a reason; an open course's students;
 * and each term's selection settings with the lottery's draw.
 */
export default function ApprovalPage({ route }: PageProps) {
  const options = useQuery({ queryKey: electiveKeys.options, queryFn: ({ signal }) => fetchDeclarationOptions(signal) });
  if (options.isPending) {
    return (
      <div className="elective-loading">
        <Spin />
      </div>
    );
  }
  return <Approval route={route} options={options.data ?? EMPTY_DECLARATION_OPTIONS} />;
}

function Approval({ route, options }: PageProps & { options: DeclarationOptions }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const [tab, setTab] = useState<Tab>('declarations');
  const [reviewing, setReviewing] = useState<DeclarationRow | null>(null);
  const [students, setStudents] = useState<CourseStudentsTarget | null>(null);
  const permission = ELECTIVE_PERMISSIONS.approve;

  const declarations = (
    <ManagePage<DeclarationRow, SearchForm>
      permission={permission}
      editPermission={permission}
      deletePermission={permission}
      listUrl={ELECTIVE_CALLS.declarationsPage}
      title={routeTitle(route, i18n.language)}
      // What waits for the office comes first: the filter starts at "declared" and can be cleared.
      initialSearch={{ status: 'declared' }}
      toSearch={toSearch}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('electiveUi.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('electiveApprove.keywordPlaceholder')} data-testid="elective-approve-keyword" />
          </Form.Item>
          <Form.Item name="termId" label={t('electiveUi.term')}>
            <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} data-testid="elective-approve-term" />
          </Form.Item>
          <Form.Item name="status" label={t('electiveUi.status')}>
            <Select
              allowClear
              options={DECLARATION_STATUSES.map((status) => ({ value: status, label: t(`elective.status.${status}`) }))}
              placeholder={t('manage.all')}
              style={{ width: 140 }}
              data-testid="elective-approve-status"
            />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('electiveUi.courseName'),
          sorter: true,
          width: 180,
          render: (name: string, row: DeclarationRow) => (
            <div className="elective-name-cell">
              <span className="elective-strong">{name}</span>
              {row.status === 'rejected' && row.reviewComment && (
                <Typography.Text type="danger" className="elective-small">
                  {t('electiveUi.rejectedBecause', { reason: row.reviewComment })}
                </Typography.Text>
              )}
            </div>
          ),
        },
        { key: 'teacherName', dataIndex: 'teacherName', title: t('electiveUi.teacher'), sorter: true, width: 110 },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('electiveUi.status'),
          sorter: true,
          width: 110,
          render: (status: DeclarationStatus, row: DeclarationRow) => <DeclarationStatusTag status={status} testId={`elective-approve-status-${row.id}`} />,
        },
        { key: 'termName', dataIndex: 'termName', title: t('electiveUi.term'), width: 170 },
        { key: 'slot', title: t('electiveUi.slotLabel'), width: 140, render: (_: unknown, row: DeclarationRow) => slotText(t, row.dayName, row.periodName) },
        { key: 'weeks', title: t('electiveUi.weeksLabel'), width: 110, render: (_: unknown, row: DeclarationRow) => weeksText(t, row.weekFrom, row.weekTo) },
        { key: 'classroomName', dataIndex: 'classroomName', title: t('electiveUi.place'), width: 120, render: (name: string) => name || '—' },
        {
          key: 'capacity',
          title: t('electiveUi.capacity'),
          width: 110,
          render: (_: unknown, row: DeclarationRow) =>
            row.status === 'approved' ? (
              <span data-testid={`elective-approve-enrolled-${row.id}`}>{t('electiveUi.enrolledOf', { enrolled: row.enrolled, capacity: row.capacity })}</span>
            ) : (
              row.capacity
            ),
        },
        { key: 'updatedAt', dataIndex: 'updatedAt', title: t('electiveUi.updatedAt'), sorter: true, width: 150 },
      ]}
      actionsWidth={phone ? 140 : i18n.language === 'en' ? 260 : 220}
      rowActions={(row) => (
        <>
          {declarationNext(row.status, 'approve') ? (
            <Button type="link" size="small" icon={<AuditOutlined />} onClick={() => setReviewing(row)} data-testid={`elective-review-${row.id}`}>
              {t('electiveApprove.review')}
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => setReviewing(row)} data-testid={`elective-approve-view-${row.id}`}>
              {t('manage.view')}
            </Button>
          )}
          {row.status === 'approved' && row.sessionId && (
            <Button
              type="link"
              size="small"
              icon={<TeamOutlined />}
              onClick={() => setStudents({ sessionId: row.sessionId!, name: row.name, enrolled: row.enrolled, capacity: row.capacity })}
              data-testid={`elective-students-${row.id}`}
            >
              {t('electiveApprove.students')}
            </Button>
          )}
        </>
      )}
      data-testid="elective-approval-list"
    >
      {({ reload }) => (
        <>
          <ReviewDialog row={reviewing} phone={phone} onClose={() => setReviewing(null)} onReviewed={reload} />
          <CourseStudents target={students} onClose={() => setStudents(null)} />
        </>
      )}
    </ManagePage>
  );

  return (
    <div className="elective-approval" data-testid="elective-approval-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'declarations', label: t('electiveApprove.tabDeclarations'), children: declarations },
          { key: 'settings', label: t('electiveApprove.tabSettings'), children: <SettingsPanel options={options} phone={phone} /> },
        ]}
        data-testid="elective-approval-tabs"
      />
    </div>
  );
}
