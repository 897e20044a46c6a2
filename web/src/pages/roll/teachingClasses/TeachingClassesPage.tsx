import { useState } from 'react';
import { Button, Form, Input, Select, Space, Spin, Tag, type ButtonProps } from 'antd';
import { ApartmentOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STRATIFIED_PERMISSIONS, STRATIFIED_URLS, type TeachingClassOptions, type TeachingClassRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { EMPTY_OPTIONS, fetchTeachingClassOptions, TEACHING_CLASS_CALLS, TEACHING_CLASS_PERMISSION, type TeachingClassSearch } from '../../../api/teachingClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { TeachingClassDialog, type TeachingClassDialogState } from './TeachingClassForm.tsx';
import { TeachingStudentsPanel, type StudentsTarget } from './TeachingStudents.tsx';
import { lessonLabel, sortLessons } from './lessons.tsx';
import './teachingClasses.css';

interface SearchForm {
  keyword?: string;
  termId?: number;
  gradeId?: number;
  courseId?: number;
}

const toSearch = (values: SearchForm): TeachingClassSearch & Record<string, unknown> => ({
  keyword: values.keyword?.trim() ?? '',
  termId: values.termId ?? '',
  gradeId: values.gradeId ?? '',
  courseId: values.courseId ?? '',
});

export const OPTIONS_KEY = ['roll', 'teachingClasses', 'options'] as const;

/**
 * /xjgl/jxbfp, Teaching class assignment: a course taught by one teacher to students drawn from several
 * administrative classes of a grade, on its own weekly lessons. The class is saved first; its students are
 * added and removed in a second step (the Students panel). A class of an ended term can only be viewed. A
 * teacher without the edit button sees the classes they teach, read-only.
 */
export default function TeachingClassesPage({ route }: PageProps) {
  const options = useQuery({ queryKey: OPTIONS_KEY, queryFn: ({ signal }) => fetchTeachingClassOptions(signal) });
  if (options.isPending) {
    return (
      <div className="teaching-loading">
        <Spin />
      </div>
    );
  }
  return <TeachingClasses route={route} options={options.data ?? EMPTY_OPTIONS} />;
}

function TeachingClasses({ route, options }: PageProps & { options: TeachingClassOptions }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  // Ticks in the list serve the batch delete only: without the delete button there are none.
  const allowed = usePermission();
  const canDelete = allowed({ permissions: [`${TEACHING_CLASS_PERMISSION}:delete`] });
  // Exporting is the office's (an export right would make every teacher sign in with a second factor).
  const canExport = allowed({ permissions: [`${TEACHING_CLASS_PERMISSION}:edit`] });
  const [dialog, setDialog] = useState<TeachingClassDialogState | null>(null);
  const navigate = useNavigate();
  const [students, setStudents] = useState<StudentsTarget | null>(null);
  const currentTerm = options.terms.find((term) => term.isCurrent);
  const byName = (list: { id: number; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));

  /** After a create: the students are the second step, offered at once. */
  const offerStudents = (id: number, name: string) =>
    feedback().modal.confirm({
      title: t('teachingClassPage.createdTitle', { name }),
      content: t('teachingClassPage.createdNext'),
      okText: t('teachingClassPage.addStudentsNow'),
      cancelText: t('teachingClassPage.later'),
      okButtonProps: { 'data-testid': 'teaching-created-students' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'teaching-created-later' } as ButtonProps,
      onOk: () => setStudents({ id }),
    });

  return (
    <ManagePage<TeachingClassRow, SearchForm>
      permission={TEACHING_CLASS_PERMISSION}
      listUrl={TEACHING_CLASS_CALLS.page}
      title={routeTitle(route, i18n.language)}
      exportUrl={canExport ? TEACHING_CLASS_CALLS.export : undefined}
      exportName={t('teachingClass.exportName')}
      deleteUrl={canDelete ? TEACHING_CLASS_CALLS.delete : undefined}
      onAdd={() => setDialog({ mode: 'add' })}
      // Issue 17: the level classes of stratified teaching (/jxmgr/fcjx/fcbj, a hidden page) open from here.
      toolbar={
        allowed({ permissions: [STRATIFIED_PERMISSIONS.classes] })
          ? () => (
              <Button icon={<ApartmentOutlined />} onClick={() => void navigate(STRATIFIED_URLS.classes)} data-testid="teaching-open-stratified">
                {t('stratifiedUi.open')}
              </Button>
            )
          : undefined
      }
      initialSearch={{ termId: currentTerm?.id }}
      toSearch={toSearch}
      searchFields={() => (
        <>
          <Form.Item name="termId" label={t('teachingClass.col.term')}>
            <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} data-testid="teaching-search-term" />
          </Form.Item>
          <Form.Item name="gradeId" label={t('teachingClass.col.grade')}>
            <Select allowClear options={byName(options.grades)} placeholder={t('manage.all')} style={{ width: 120 }} data-testid="teaching-search-grade" />
          </Form.Item>
          <Form.Item name="courseId" label={t('teachingClass.col.course')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={byName(options.courses)} placeholder={t('manage.all')} style={{ width: 140 }} data-testid="teaching-search-course" />
          </Form.Item>
          <Form.Item name="keyword" label={t('teachingClassPage.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('teachingClassPage.keywordPlaceholder')} data-testid="teaching-search-keyword" />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('teachingClass.col.name'),
          sorter: true,
          width: 150,
          render: (name: string, row: TeachingClassRow) => (
            <div className="teaching-name">
              <span>{name}</span>
              {!row.editable && (
                <Tag className="teaching-ended" data-testid={`teaching-ended-${row.id}`}>
                  {t('teachingClassPage.ended')}
                </Tag>
              )}
            </div>
          ),
        },
        { key: 'courseName', dataIndex: 'courseName', title: t('teachingClass.col.course'), sorter: true, width: 130 },
        { key: 'gradeName', dataIndex: 'gradeName', title: t('teachingClass.col.grade'), sorter: true, width: 100 },
        { key: 'teacherName', dataIndex: 'teacherName', title: t('teachingClass.col.teacher'), sorter: true, width: 100, render: (name: string) => name || '—' },
        { key: 'classroomName', dataIndex: 'classroomName', title: t('teachingClass.col.classroom'), width: 110, render: (name: string) => name || '—' },
        {
          key: 'lessons',
          title: t('teachingClass.col.lessons'),
          width: 170,
          render: (_: unknown, row: TeachingClassRow) => (
            <div className="teaching-lessons" data-testid={`teaching-lessons-${row.id}`}>
              {sortLessons(row.lessons).map((lesson) => (
                <span key={`${lesson.day}:${lesson.period}`}>{lessonLabel(lesson, options, t)}</span>
              ))}
            </div>
          ),
        },
        { key: 'weeks', title: t('teachingClass.col.weeks'), width: 100, render: (_: unknown, row: TeachingClassRow) => t('teachingClassPage.weeksValue', { from: row.weekFrom, to: row.weekTo }) },
        {
          key: 'size',
          dataIndex: 'size',
          title: t('teachingClassPage.sizeColumn'),
          sorter: true,
          width: 100,
          render: (size: number, row: TeachingClassRow) => (
            <span className={size >= row.capacity ? 'teaching-full' : undefined} data-testid={`teaching-size-${row.id}`}>
              {size}/{row.capacity}
            </span>
          ),
        },
        { key: 'termName', dataIndex: 'termName', title: t('teachingClass.col.term'), width: 170 },
        {
          key: 'sourceClasses',
          dataIndex: 'sourceClasses',
          title: t('teachingClass.col.sources'),
          width: 200,
          render: (names: string[]) =>
            names.length ? (
              <Space size={[4, 4]} wrap>
                {names.map((name) => (
                  <Tag key={name} className="teaching-source">
                    {name}
                  </Tag>
                ))}
              </Space>
            ) : (
              '—'
            ),
        },
      ]}
      // On a phone the fixed column keeps room for the row's data beside it: its links wrap instead.
      actionsWidth={phone ? 150 : i18n.language === 'en' ? 320 : 260}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions
            onView={() => setDialog({ mode: 'view', row })}
            onEdit={canEdit && row.editable ? () => setDialog({ mode: 'edit', row }) : undefined}
            viewTestId={`teaching-view-${row.id}`}
            editTestId={`teaching-edit-${row.id}`}
          />
          <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setStudents({ id: row.id, row })} data-testid={`teaching-students-${row.id}`}>
            {t('teachingClassPage.students')}
          </Button>
          {canDelete && row.editable && <DeleteButton type="link" size="small" url={TEACHING_CLASS_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`teaching-delete-${row.id}`} />}
        </>
      )}
      data-testid="teaching-classes-page"
    >
      {({ reload, canEdit }) => (
        <>
          <TeachingClassDialog
            dialog={dialog}
            options={options}
            onClose={() => setDialog(null)}
            onSaved={(id, created, name) => {
              reload();
              if (created) offerStudents(id, name);
            }}
          />
          <TeachingStudentsPanel target={students} options={options} canEdit={canEdit} onClose={() => setStudents(null)} onChanged={reload} />
        </>
      )}
    </ManagePage>
  );
}
