import { Button, Form, Input, Select, Spin, Tag } from 'antd';
import { EyeOutlined, ScheduleOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXAM_ARRANGE_ROOMS_URL, EXAM_CLASS_SEATS_URL, USER_TYPES, type ExamArrangementRow, type ExamBatchOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { EMPTY_EXAM_OPTIONS, EXAM_BATCH_PERMISSION, EXAM_ROOM_CALLS, EXAM_ROOM_PERMISSION, fetchExamBatchOptions } from '../../../api/exams.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { useSession } from '../../../state/session.ts';
import { MyExamSeats } from './MyExamSeats.tsx';
import { examDates, isOpen, PlacedCount, SheetMenu, useReloadWhenShown } from './roomParts.tsx';
import './examRooms.css';

interface SearchForm {
  keyword?: string;
  termId?: number;
  gradeId?: number;
}

const toSearch = (values: SearchForm) => ({ keyword: values.keyword?.trim() ?? '', termId: values.termId ?? '', gradeId: values.gradeId ?? '' });

/** The exam form's options (terms and grades of the filters): the same query as the exam batches page's. */
const BATCH_OPTIONS_KEY = ['exams', 'batches', 'options'] as const;

/** Students and parents see their own seats; staff arrange or look at the rooms. */
export function isFamily(userType: number | undefined): boolean {
  return userType === USER_TYPES.student || userType === USER_TYPES.parent;
}

/**
 * /kwgl/kcap, Exam rooms. The office (and teachers, read-only) list the exams with how far their rooms and
 * invigilators are arranged, and open one exam's rooms (/kwapjt/room) or its class lists (/kwapjt/jxb).
 * Students and parents see their own (their children's) rooms and seats in the published exams.
 */
export default function ExamRoomsPage({ route }: PageProps) {
  const family = useSession((s) => isFamily(s.user?.userType));
  return family ? <MyExamSeats route={route} /> : <StaffExams route={route} />;
}

function StaffExams({ route }: PageProps) {
  const allowed = usePermission();
  // The terms and grades come from the exam form's options, which only the exam batch page's holders may read.
  const filters = allowed({ permissions: [EXAM_BATCH_PERMISSION] });
  const options = useQuery({ queryKey: BATCH_OPTIONS_KEY, queryFn: ({ signal }) => fetchExamBatchOptions(signal), enabled: filters });
  if (filters && options.isPending) {
    return (
      <div className="exam-rooms-loading">
        <Spin />
      </div>
    );
  }
  return <ExamList route={route} options={filters ? (options.data ?? EMPTY_EXAM_OPTIONS) : null} />;
}

/** Loads the list again when its page shows again (after an arrangement on the exam's own page). */
function ReloadWhenShown({ reload }: { reload: () => void }) {
  useReloadWhenShown(reload);
  return null;
}

function ExamList({ route, options }: PageProps & { options: ExamBatchOptions | null }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const currentTerm = options?.terms.find((term) => term.isCurrent);
  const byName = (list: { id: number; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));

  return (
    <ManagePage<ExamArrangementRow, SearchForm>
      permission={EXAM_ROOM_PERMISSION}
      listUrl={EXAM_ROOM_CALLS.exams}
      title={routeTitle(route, i18n.language)}
      initialSearch={{ termId: currentTerm?.id }}
      toSearch={toSearch}
      searchFields={() => (
        <>
          {options && (
            <>
              <Form.Item name="termId" label={t('exam.col.term')}>
                <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} data-testid="exam-rooms-search-term" />
              </Form.Item>
              <Form.Item name="gradeId" label={t('exam.col.grade')}>
                <Select allowClear options={byName(options.grades)} placeholder={t('manage.all')} style={{ width: 120 }} data-testid="exam-rooms-search-grade" />
              </Form.Item>
            </>
          )}
          <Form.Item name="keyword" label={t('examRoomPage.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('examRoomPage.keywordPlaceholder')} data-testid="exam-rooms-search-keyword" />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('exam.col.name'),
          width: 180,
          render: (name: string, row: ExamArrangementRow) => (
            <div className="exam-rooms-name">
              <span>{name}</span>
              {row.ended && <Tag className="exam-rooms-tag">{t('examRoomPage.ended')}</Tag>}
            </div>
          ),
        },
        { key: 'termName', dataIndex: 'termName', title: t('exam.col.term'), width: 170 },
        { key: 'gradeName', dataIndex: 'gradeName', title: t('exam.col.grade'), width: 90 },
        {
          key: 'dates',
          title: t('exam.col.dates'),
          width: 120,
          render: (_: unknown, row: ExamArrangementRow) => (
            <span className="exam-rooms-dates" data-testid={`exam-rooms-dates-${row.id}`}>
              {examDates(row)}
            </span>
          ),
        },
        { key: 'subjectCount', dataIndex: 'subjectCount', title: t('examRoomPage.subjectCount'), width: 80, align: 'right' },
        {
          key: 'published',
          title: t('exam.col.published'),
          width: 100,
          render: (_: unknown, row: ExamArrangementRow) =>
            row.published ? (
              <Tag color="green" className="exam-rooms-tag" data-testid={`exam-rooms-published-${row.id}`}>
                {t('examRoomPage.published')}
              </Tag>
            ) : (
              <Tag className="exam-rooms-tag" data-testid={`exam-rooms-published-${row.id}`}>
                {t('examRoomPage.unpublished')}
              </Tag>
            ),
        },
        { key: 'candidates', dataIndex: 'candidates', title: t('examRoomPage.candidates'), width: 90, align: 'right' },
        {
          key: 'placed',
          title: t('examRoomPage.placed'),
          width: 100,
          align: 'right',
          render: (_: unknown, row: ExamArrangementRow) => <PlacedCount placed={row.placed} candidates={row.candidates} testId={`exam-rooms-placed-${row.id}`} />,
        },
        { key: 'rooms', dataIndex: 'rooms', title: t('examRoomPage.rooms'), width: 80, align: 'right' },
        {
          key: 'invigilators',
          title: t('examRoomPage.invigilators'),
          width: 110,
          align: 'right',
          render: (_: unknown, row: ExamArrangementRow) => (
            <span className={`exam-rooms-nowrap${row.invigilatorsAssigned < row.invigilatorsNeeded ? ' exam-rooms-short' : ''}`} data-testid={`exam-rooms-invigilators-${row.id}`}>
              {row.invigilatorsAssigned} / {row.invigilatorsNeeded}
            </span>
          ),
        },
      ]}
      actionsWidth={phone ? 130 : i18n.language === 'en' ? 340 : 260}
      rowActions={(row, { canEdit }) => {
        const arrange = canEdit && isOpen(row);
        return (
          <>
            <Button
              type="link"
              size="small"
              icon={arrange ? <ScheduleOutlined /> : <EyeOutlined />}
              onClick={() => void navigate(`${EXAM_ARRANGE_ROOMS_URL}?batchId=${row.id}`)}
              data-testid={`exam-rooms-open-${row.id}`}
            >
              {t(arrange ? 'examRoomPage.arrangeRooms' : 'examRoomPage.viewRooms')}
            </Button>
            <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => void navigate(`${EXAM_CLASS_SEATS_URL}?batchId=${row.id}`)} data-testid={`exam-rooms-classes-${row.id}`}>
              {t('examRoomPage.classLists')}
            </Button>
            {row.rooms > 0 && <SheetMenu batchId={row.id} examName={row.name} type="link" size="small" data-testid={`exam-rooms-sheets-${row.id}`} />}
          </>
        );
      }}
      data-testid="exam-rooms-page"
    >
      {({ reload }) => <ReloadWhenShown reload={reload} />}
    </ManagePage>
  );
}
