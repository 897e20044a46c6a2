import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, Select, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AssignmentDetail, AssignmentRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ASSIGNMENT_CALLS, ASSIGNMENT_PERMISSION, createAssignment, fetchAssignment, updateAssignment } from '../../../api/homework.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage } from '../../../components/ManagePage/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../common/NoticeBody.tsx';
import { AssignmentForm, assignmentFormValues, createBody, updateBody, type AssignmentFormValues } from './AssignmentForm.tsx';
import { AssignmentFlags, ProgressCell, TargetNames } from './AssignmentParts.tsx';
import { AssignmentView } from './AssignmentView.tsx';
import './assignments.css';

type State = '' | 'open' | 'ended';

interface SearchForm {
  title?: string;
  state?: State;
}

type Editing = { mode: 'add' } | { mode: 'edit'; detail: AssignmentDetail };

/** The assignment (and student) of a message's link: `/jxhd/zyfb?id=<id>&student=<studentId>`. */
function linkedWork(pathname: string, search: string, path: string): { id: number; student: number | null } | null {
  if (pathname !== path) return null;
  const params = new URLSearchParams(search);
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return null;
  const student = Number(params.get('student'));
  return { id, student: Number.isInteger(student) && student > 0 ? student : null };
}

/** The end time, and a tag once it has passed. */
function EndAt({ row }: { row: AssignmentRow }) {
  const { t } = useTranslation();
  return (
    <div className="assignment-end" data-testid={`assignment-end-${row.id}`}>
      <span>{noticeTime(row.endAt)}</span>
      {row.ended ? (
        <Tag className="assignment-ended" data-testid="assignment-ended">
          {t('assignments.ended')}
        </Tag>
      ) : (
        <Tag color="green" className="assignment-ended">
          {t('assignments.stateOpen')}
        </Tag>
      )}
    </div>
  );
}

/**
 * /jxhd/zyfb, Assignment release: the homework the caller assigned (everyone's with `homeSchool:assignment:all`)
 * with each one's progress; assigning to classes, teaching classes or students, modifying until the end time,
 * deleting, and following the students' work (correcting, revisions, reminding the parents of the missing).
 * A message's link (`?id=`, with `&student=`) opens that assignment and that student's work at once.
 */
export default function AssignmentsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const client = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [viewing, setViewing] = useState<{ id: number; student: number | null } | null>(null);
  const linked = linkedWork(location.pathname, location.search, route.path);
  const linkedId = linked?.id ?? null;
  const linkedStudent = linked?.student ?? null;

  // A link opens its assignment (and student); the address then drops them, so the same link works again later.
  useEffect(() => {
    if (linkedId === null) return;
    setViewing({ id: linkedId, student: linkedStudent });
    void navigate(route.path, { replace: true });
  }, [linkedId, linkedStudent, navigate, route.path]);

  const edit = async (row: AssignmentRow) => {
    try {
      setEditing({ mode: 'edit', detail: await fetchAssignment(row.id) });
    } catch {
      // The request client has shown why (e.g. deleted meanwhile).
    }
  };

  const detail = editing?.mode === 'edit' ? editing.detail : undefined;
  const initialValues = useMemo(() => assignmentFormValues(detail), [detail]);

  const save = async (values: AssignmentFormValues, reload: () => void) => {
    const msg = detail ? await updateAssignment(updateBody(values, detail)) : await createAssignment(createBody(values));
    feedback().message.success(msg || t(detail ? 'common.updated' : 'common.created'));
    reload();
    if (detail) void client.invalidateQueries({ queryKey: ['homeSchool', 'assignment', detail.id] });
  };

  return (
    <ManagePage<AssignmentRow, SearchForm>
      permission={ASSIGNMENT_PERMISSION}
      listUrl={ASSIGNMENT_CALLS.page}
      title={routeTitle(route, i18n.language)}
      deleteUrl={ASSIGNMENT_CALLS.delete}
      onAdd={() => setEditing({ mode: 'add' })}
      toSearch={(values) => ({ title: values.title?.trim() ?? '', state: values.state ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="title" label={t('assignments.title')}>
            <Input allowClear maxLength={100} placeholder={t('assignments.titleSearchHint')} data-testid="assignments-search-title" />
          </Form.Item>
          <Form.Item name="state" label={t('assignments.state')}>
            <Select
              allowClear
              options={[
                { value: 'open', label: t('assignments.stateOpen') },
                { value: 'ended', label: t('assignments.ended') },
              ]}
              placeholder={t('manage.all')}
              style={{ width: 130 }}
              data-testid="assignments-search-state"
            />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'title',
          dataIndex: 'title',
          title: t('assignments.title'),
          width: 200,
          render: (value: string, row: AssignmentRow) => (
            <Button type="link" size="small" className="assignment-link" onClick={() => setViewing({ id: row.id, student: null })} data-testid="assignment-title">
              {value}
            </Button>
          ),
        },
        { key: 'targets', title: t('assignments.targets'), width: 150, render: (_: unknown, row: AssignmentRow) => <TargetNames names={row.targetNames} /> },
        { key: 'endAt', dataIndex: 'endAt', title: t('assignments.endAt'), width: 140, render: (_: unknown, row: AssignmentRow) => <EndAt row={row} /> },
        { key: 'flags', title: t('assignments.settings'), width: 120, render: (_: unknown, row: AssignmentRow) => <AssignmentFlags row={row} /> },
        { key: 'progress', title: t('assignments.progressColumn'), width: 230, render: (_: unknown, row: AssignmentRow) => <ProgressCell row={row} /> },
        // Who and when share a column, so that the progress stays in view beside the fixed actions on a laptop.
        {
          key: 'published',
          title: t('assignments.createdAt'),
          width: 140,
          render: (_: unknown, row: AssignmentRow) => (
            <div className="assignment-published">
              <span className="assignment-data">{row.publisherName}</span>
              <span>{noticeTime(row.createdAt)}</span>
            </div>
          ),
        },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <Button type="link" size="small" onClick={() => setViewing({ id: row.id, student: null })} data-testid={`assignment-view-${row.id}`}>
            {t('manage.view')}
          </Button>
          {canEdit && (
            <Tooltip title={row.ended ? t('homework.expired') : undefined}>
              <Button type="link" size="small" disabled={row.ended} onClick={() => void edit(row)} data-testid={`assignment-edit-${row.id}`}>
                {t('manage.edit')}
              </Button>
            </Tooltip>
          )}
          {canDelete && <DeleteButton type="link" size="small" url={ASSIGNMENT_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`assignment-delete-${row.id}`} />}
        </>
      )}
      data-testid="assignments-page"
    >
      {({ reload, canEdit }) => (
        <>
          <FormDialog<AssignmentFormValues>
            open={!!editing}
            mode={editing?.mode ?? 'add'}
            title={t(detail ? 'assignments.editTitle' : 'assignments.addTitle')}
            initialValues={initialValues}
            onClose={() => setEditing(null)}
            onSubmit={(values) => save(values, reload)}
            width={phone ? undefined : 920}
            data-testid="assignment-dialog"
          >
            {(form) => <AssignmentForm form={form} detail={detail} />}
          </FormDialog>
          <AssignmentView
            id={viewing?.id ?? null}
            studentId={viewing?.student ?? null}
            onStudent={(student) => setViewing((current) => (current ? { ...current, student } : current))}
            canAct={canEdit}
            onClose={() => setViewing(null)}
            onChanged={reload}
          />
        </>
      )}
    </ManagePage>
  );
}
