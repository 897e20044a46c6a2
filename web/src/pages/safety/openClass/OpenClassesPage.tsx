import { useState } from 'react';
import { Button, Form, Input, Select, Spin, Tabs } from 'antd';
import { FormOutlined, SettingOutlined, UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OPEN_CLASS_PERMISSIONS, OPEN_CLASS_PHASES, OPEN_CLASS_URLS, openClassSignUpOpen, schoolDateOf, type OpenClassOptions, type OpenClassPhase, type OpenClassRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { OPEN_CLASS_CALLS, fetchOpenClassOptions, openClassKeys, signUpFor } from '../../../api/openClass.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { OpenClassDialog, type OpenClassDialogState } from './OpenClassDialog.tsx';
import { StatisticsView } from './StatisticsView.tsx';
import { PhaseTag, byName, scoreText } from './parts.tsx';

interface SearchForm {
  keyword?: string;
  termId?: number;
  phase?: OpenClassPhase;
  mine?: 'taught' | 'attending';
}

const toSearch = (values: SearchForm) => ({ keyword: values.keyword?.trim() ?? '', termId: values.termId ?? '', phase: values.phase ?? '', mine: values.mine ?? '' });

/**
 * /bxjl/gkkpj, Open-class evaluation: the school's open classes (a teacher schedules their own, the office
 * anyone's), colleagues sign up and open the evaluation (/gkkMgr/pjrn), and the statistics per class and
 * per teacher (a teacher's own, the office's every one).
 */
export default function OpenClassesPage({ route }: PageProps) {
  const options = useQuery({ queryKey: openClassKeys.options, queryFn: ({ signal }) => fetchOpenClassOptions(signal) });
  if (options.isPending || !options.data) {
    return (
      <div className="teaching-page">
        <Spin />
      </div>
    );
  }
  return <OpenClasses route={route} options={options.data} />;
}

function OpenClasses({ route, options }: PageProps & { options: OpenClassOptions }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const allowed = usePermission();
  const office = allowed({ permissions: [OPEN_CLASS_PERMISSIONS.all] });
  const [dialog, setDialog] = useState<OpenClassDialogState | null>(null);
  const [tab, setTab] = useState('list');

  const signUp = async (row: OpenClassRow, cancel: boolean, reload: () => void) => {
    try {
      feedback().message.success(await signUpFor(row.id, cancel));
    } catch {
      // The request client has shown the server's refusal.
    } finally {
      reload();
    }
  };

  const list = (
    <ManagePage<OpenClassRow, SearchForm>
      permission={OPEN_CLASS_PERMISSIONS.view}
      editPermission={OPEN_CLASS_PERMISSIONS.edit}
      deletePermission={OPEN_CLASS_PERMISSIONS.delete}
      listUrl={OPEN_CLASS_CALLS.page}
      title={routeTitle(route, i18n.language)}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={toSearch}
      toolbar={() =>
        allowed({ permissions: [OPEN_CLASS_PERMISSIONS.sets] }) ? (
          <Button icon={<SettingOutlined />} onClick={() => void navigate(OPEN_CLASS_URLS.sets)} data-testid="open-class-sets">
            {t('openClassUi.sets')}
          </Button>
        ) : null
      }
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('openClassUi.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('openClassUi.keywordPlaceholder')} data-testid="open-class-search-keyword" />
          </Form.Item>
          <Form.Item name="termId" label={t('openClassUi.term')}>
            <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="phase" label={t('openClassUi.phase')}>
            <Select allowClear options={OPEN_CLASS_PHASES.map((phase) => ({ value: phase, label: t(`openClass.phase.${phase}`) }))} placeholder={t('manage.all')} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="mine" label={t('openClassUi.mine')}>
            <Select
              allowClear
              options={[
                { value: 'taught', label: t('openClassUi.mineTaught') },
                { value: 'attending', label: t('openClassUi.mineAttending') },
              ]}
              placeholder={t('manage.all')}
              style={{ width: 150 }}
              data-testid="open-class-search-mine"
            />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'day',
          dataIndex: 'day',
          title: t('openClassUi.day'),
          sorter: true,
          width: 150,
          render: (day: string, row: OpenClassRow) => (
            <div>
              <div>{day}</div>
              <div className="teaching-small teaching-muted">{row.periodText}</div>
            </div>
          ),
        },
        { key: 'topic', dataIndex: 'topic', title: t('openClassUi.topic'), width: 200, render: (topic: string) => <span className="teaching-strong">{topic}</span> },
        { key: 'teacherName', dataIndex: 'teacherName', title: t('openClassUi.teacher'), sorter: true, width: 100 },
        // English course names (Mathematics, Chemistry) wrap mid-word at the Chinese width.
        { key: 'courseName', dataIndex: 'courseName', title: t('openClassUi.course'), width: i18n.language === 'en' ? 120 : 90 },
        { key: 'className', dataIndex: 'className', title: t('openClassUi.class'), width: 110 },
        { key: 'place', dataIndex: 'place', title: t('openClassUi.place'), width: 120 },
        { key: 'phase', dataIndex: 'phase', title: t('openClassUi.phase'), width: 100, render: (phase: OpenClassPhase, row: OpenClassRow) => <PhaseTag phase={phase} testId={`open-class-phase-${row.id}`} /> },
        { key: 'deadline', dataIndex: 'deadline', title: t('openClassUi.deadline'), width: 150 },
        { key: 'attendees', dataIndex: 'attendees', title: t('openClassUi.attendees'), width: 90, align: 'right' },
        { key: 'evaluations', dataIndex: 'evaluations', title: t('openClassUi.evaluations'), sorter: true, width: 90, align: 'right', render: (n: number, row: OpenClassRow) => <span data-testid={`open-class-evaluations-${row.id}`}>{n}</span> },
        { key: 'average', dataIndex: 'average', title: t('openClassUi.average'), sorter: true, width: 90, align: 'right', render: (value: number | null, row: OpenClassRow) => (row.mine || office ? scoreText(value) : '—') },
      ]}
      actionsWidth={phone ? 150 : i18n.language === 'en' ? 340 : 280}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <Button type="link" size="small" icon={<FormOutlined />} onClick={() => void navigate(`${OPEN_CLASS_URLS.content}?id=${row.id}`)} data-testid={`open-class-open-${row.id}`}>
            {t(!row.mine && row.signedUp && !row.evaluated && row.phase === 'evaluating' ? 'openClassUi.evaluate' : 'openClassUi.view')}
          </Button>
          {!row.mine && !row.signedUp && openClassSignUpOpen(row, schoolDateOf()) && (
            <Button type="link" size="small" icon={<UserAddOutlined />} onClick={() => void signUp(row, false, reload)} data-testid={`open-class-sign-up-${row.id}`}>
              {t('openClassUi.signUp')}
            </Button>
          )}
          {row.signedUp && !row.evaluated && openClassSignUpOpen(row, schoolDateOf()) && (
            <Button type="link" size="small" icon={<UserDeleteOutlined />} onClick={() => void signUp(row, true, reload)} data-testid={`open-class-cancel-${row.id}`}>
              {t('openClassUi.cancelSignUp')}
            </Button>
          )}
          {canEdit && row.editable && (
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })} data-testid={`open-class-edit-${row.id}`}>
              {t('manage.edit')}
            </Button>
          )}
          {canDelete && row.editable && (
            <DeleteButton type="link" size="small" url={OPEN_CLASS_CALLS.delete} param={{ ids: [row.id] }} text={t('openClassUi.deleteConfirm', { topic: row.topic })} onSuccess={reload} data-testid={`open-class-delete-${row.id}`} />
          )}
        </>
      )}
      data-testid="open-classes-page"
    >
      {({ reload }) => <OpenClassDialog dialog={dialog} options={options} office={office} onClose={() => setDialog(null)} onSaved={reload} />}
    </ManagePage>
  );

  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'list', label: t('openClassUi.tabList'), children: list },
        { key: 'statistics', label: <span data-testid="open-class-tab-statistics">{t('openClassUi.tabStatistics')}</span>, children: <StatisticsView office={office} /> },
      ]}
    />
  );
}
