import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Descriptions, Empty, Modal, Spin, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  fetchInvigilation,
  fetchStaffAppointment,
  fetchStaffBasic,
  fetchStaffRoles,
  fetchStaffTeaching,
  staffPhotoUrl,
  type Invigilation,
  type InvigilationRow,
  type NamedItem,
  type StaffAppointment,
  type StaffBasic,
} from '../../api/staff.ts';
import { TimetableView } from '../Timetable/TimetableView.tsx';
import { Photo } from '../StudentDialog/Photo.tsx';
import { dialogWidth } from '../StudentDialog/dialogWidth.ts';
import '../StudentDialog/dialog.css';

/** Tabs: jbxx basic information, rzrk appointment and teaching, course timetable, pkxx invigilation. */
export type StaffTab = 'jbxx' | 'rzrk' | 'course' | 'pkxx';
export const STAFF_TABS: readonly StaffTab[] = ['jbxx', 'rzrk', 'course', 'pkxx'];
/** Visible unless told otherwise (spec section 2). */
export const DEFAULT_STAFF_TABS: readonly StaffTab[] = ['jbxx', 'rzrk', 'course'];

export interface StaffDialogProps {
  open: boolean;
  /** The staff number (ZGH). */
  zgh: string;
  onClose: () => void;
  /** Shown tabs; default basic, appointment/teaching and timetable. */
  tabs?: readonly StaffTab[];
  /** Adds the invigilation tab (pkxx) to the shown tabs. */
  showInvigilation?: boolean;
  /** The tab active on opening; default the first shown one. */
  defaultTab?: StaffTab;
  /** An exam batch id for the invigilation tab (sent as pcid only when given). */
  pcid?: string;
  /** Shown in the title until the basic information arrives. */
  name?: string;
}

interface Appointment {
  rzxx: StaffAppointment;
  rkxx: NamedItem[];
  jsxx: NamedItem[];
}

interface Loaded {
  jbxx?: StaffBasic | null;
  rzrk?: Appointment;
  pkxx?: Invigilation;
}

/** The tabs shown for these props, in their fixed order. */
export function visibleStaffTabs(tabs: readonly StaffTab[] = DEFAULT_STAFF_TABS, showInvigilation = false): StaffTab[] {
  return STAFF_TABS.filter((tab) => tabs.includes(tab) || (tab === 'pkxx' && showInvigilation));
}

async function loadTab(tab: StaffTab, zgh: string, pcid: string | undefined): Promise<Loaded> {
  switch (tab) {
    case 'jbxx':
      return { jbxx: await fetchStaffBasic(zgh) };
    case 'rzrk': {
      const [rzxx, rkxx, jsxx] = await Promise.all([fetchStaffAppointment(zgh), fetchStaffTeaching(zgh), fetchStaffRoles(zgh)]);
      return { rzrk: { rzxx, rkxx, jsxx } };
    }
    case 'pkxx':
      return { pkxx: await fetchInvigilation(zgh, pcid) };
    default:
      // The timetable tab loads itself when first shown.
      return {};
  }
}

/**
 * The staff-profile dialog (spec sections 2 and 4). Opening resets what was loaded and loads the active
 * tab; each tab loads once on first view, and again after the staff number changes or the dialog reopens.
 * Width 650 px, or 810 px in English; a back button in the footer closes it.
 */
export function StaffDialog({ open, zgh, onClose, tabs, showInvigilation = false, defaultTab, pcid, name }: StaffDialogProps) {
  const { t, i18n } = useTranslation();
  const shown = visibleStaffTabs(tabs, showInvigilation);
  const firstTab = defaultTab && shown.includes(defaultTab) ? defaultTab : shown[0];
  const [active, setActive] = useState<StaffTab>(firstTab);
  /** Goes up on every opening and on a new staff number; older answers are dropped. */
  const [generation, setGeneration] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({});
  const [loading, setLoading] = useState<Partial<Record<StaffTab, boolean>>>({});
  const requested = useRef<Set<StaffTab>>(new Set());
  const generationRef = useRef(0);

  // Opening (or another staff member while open) starts afresh on the default tab.
  useEffect(() => {
    if (!open) return;
    generationRef.current += 1;
    requested.current = new Set();
    setGeneration(generationRef.current);
    setLoaded({});
    setLoading({});
    setActive(firstTab);
    // firstTab only matters at the moment of opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, zgh]);

  // The active tab loads once per opening.
  useEffect(() => {
    if (!open || !zgh || generation === 0 || generation !== generationRef.current) return;
    if (requested.current.has(active) || active === 'course') return;
    requested.current.add(active);
    const mine = generation;
    setLoading((l) => ({ ...l, [active]: true }));
    loadTab(active, zgh, pcid)
      .then((data) => {
        if (generationRef.current === mine) setLoaded((d) => ({ ...d, ...data }));
      })
      .catch(() => {
        // The request client has shown the message.
      })
      .finally(() => {
        if (generationRef.current === mine) setLoading((l) => ({ ...l, [active]: false }));
      });
  }, [open, zgh, active, generation, pcid]);

  const basic = loaded.jbxx;
  const title = basic?.XM || name || zgh;
  const none = <span className="campus-muted">-</span>;
  const value = (v: unknown) => (v === undefined || v === null || v === '' ? none : String(v));

  const items = {
    jbxx: (
      <Spin spinning={!!loading.jbxx}>
        {basic === null ? (
          <Empty description={t('staffDialog.noData')} />
        ) : (
          <div className="campus-profile" data-testid="staff-basic">
            <Photo path={staffPhotoUrl(basic)} alt={title} emptyText={t('staffDialog.noPhoto')} data-testid="staff-photo" />
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('staffDialog.zgh')}>{value(basic?.ZGH ?? zgh)}</Descriptions.Item>
              <Descriptions.Item label={t('staffDialog.name')}>{value(basic?.XM)}</Descriptions.Item>
              <Descriptions.Item label={t('staffDialog.gender')}>{value(basic?.XB)}</Descriptions.Item>
              <Descriptions.Item label={t('staffDialog.campus')}>{value(basic?.XQ)}</Descriptions.Item>
              <Descriptions.Item label={t('staffDialog.establishment')}>{value(basic?.BZBM)}</Descriptions.Item>
              <Descriptions.Item label={t('staffDialog.workingDept')}>{value(basic?.GZBM)}</Descriptions.Item>
              <Descriptions.Item label={t('staffDialog.researchGroup')}>{value(basic?.SSJYZ)}</Descriptions.Item>
              <Descriptions.Item label={t('staffDialog.phone')}>{value(basic?.CYDH)}</Descriptions.Item>
            </Descriptions>
          </div>
        )}
      </Spin>
    ),
    rzrk: (
      <Spin spinning={!!loading.rzrk}>
        <div data-testid="staff-appointment">
          <div className="campus-profile-section">
            <div className="campus-profile-section-title">{t('staffDialog.rzxx')}</div>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('staffDialog.classTeacherOf')}>{value(loaded.rzrk?.rzxx.bzrmc)}</Descriptions.Item>
              <Descriptions.Item label={t('staffDialog.lessonPrepHead')}>{value(loaded.rzrk?.rzxx.bkzz)}</Descriptions.Item>
              <Descriptions.Item label={t('staffDialog.gradeLeader')}>{value(loaded.rzrk?.rzxx.njzz)}</Descriptions.Item>
            </Descriptions>
          </div>
          <div className="campus-profile-section">
            <div className="campus-profile-section-title">{t('staffDialog.rkxx')}</div>
            <NamedList items={loaded.rzrk?.rkxx} empty={t('staffDialog.noTeaching')} testId="staff-teaching" />
          </div>
          <div className="campus-profile-section">
            <div className="campus-profile-section-title">{t('staffDialog.jsxx')}</div>
            <NamedList items={loaded.rzrk?.jsxx} empty={t('staffDialog.noRoles')} testId="staff-roles" />
          </div>
        </div>
      </Spin>
    ),
    course: <TimetableView key={`${generation}:${zgh}`} target={zgh ? { kind: 'teacher', zgh } : null} teacherLinks={false} />,
    pkxx: <InvigilationTab data={loaded.pkxx} loading={!!loading.pkxx} />,
  } satisfies Record<StaffTab, ReactNode>;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('staffDialog.title', { name: title })}
      width={dialogWidth(i18n.language)}
      className="campus-profile-dialog"
      destroyOnHidden
      footer={
        <Button onClick={onClose} data-testid="staff-dialog-back">
          {t('staffDialog.back')}
        </Button>
      }
      data-testid="staff-dialog"
    >
      <div data-testid="staff-dialog-body" data-zgh={zgh}>
        <Tabs
          key={generation}
          activeKey={active}
          onChange={(key) => setActive(key as StaffTab)}
          items={shown.map((tab) => ({ key: tab, label: <span data-testid={`staff-tab-${tab}`}>{t(`staffDialog.tab.${tab}`)}</span>, children: items[tab] }))}
        />
      </div>
    </Modal>
  );
}

function NamedList({ items, empty, testId }: { items: NamedItem[] | undefined; empty: string; testId: string }) {
  if (!items) return <div data-testid={testId} />;
  if (items.length === 0)
    return (
      <div className="campus-muted" data-testid={testId}>
        {empty}
      </div>
    );
  return (
    <div data-testid={testId}>
      {items.map((item, index) => (
        <Tag key={`${item.MC}-${index}`} className="campus-profile-tag">
          {item.MC}
        </Tag>
      ))}
    </div>
  );
}

function InvigilationTab({ data, loading }: { data: Invigilation | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const stats = Object.entries(data?.statistics ?? {});
  return (
    <div data-testid="staff-invigilation">
      <div className="campus-profile-section" data-testid="staff-invigilation-stats">
        <div className="campus-profile-section-title">{t('staffDialog.hoursByRole')}</div>
        {stats.length ? (
          <Descriptions size="small" bordered column={Math.min(3, stats.length)}>
            {stats.map(([role, hours]) => (
              <Descriptions.Item key={role} label={role}>
                <strong>{t('staffDialog.hours', { n: hours })}</strong>
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <span className="campus-muted">{loading ? '' : t('staffDialog.noInvigilation')}</span>
        )}
      </div>
      <div className="campus-profile-section">
        <Table<InvigilationRow>
          size="small"
          loading={loading}
          pagination={false}
          rowKey={(row) => `${row.KSRQ} ${row.KSSJ} ${row.KCMC} ${row.JSKSLB}`}
          dataSource={data?.list ?? []}
          locale={{ emptyText: t('staffDialog.noInvigilation') }}
          columns={[
            { key: 'role', title: t('staffDialog.role'), dataIndex: 'JSKSLB', width: 100 },
            { key: 'date', title: t('staffDialog.examDate'), dataIndex: 'KSRQ', width: 110 },
            { key: 'time', title: t('staffDialog.examTime'), render: (_: unknown, row) => `${row.KSSJ}–${row.JSSJ}`, width: 120 },
            { key: 'course', title: t('staffDialog.course'), dataIndex: 'KCMC' },
            { key: 'hours', title: t('staffDialog.duration'), dataIndex: 'SC', width: 90 },
          ]}
        />
      </div>
    </div>
  );
}

export default StaffDialog;
