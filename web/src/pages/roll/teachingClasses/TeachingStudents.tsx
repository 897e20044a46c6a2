import { useState, type Key } from 'react';
import { Alert, Button, Input, Segmented, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { MinusCircleOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { TEACHING_CLASS_MEMBERS_MAX, type TeachingCandidateRow, type TeachingClassOptions, type TeachingClassRow, type TeachingMemberRow, type TeachingMemberStatus } from '@campus/contract';
import { addTeachingMembers, fetchTeachingCandidates, fetchTeachingClass, TEACHING_CLASS_CALLS, TEACHING_MEMBER_COLOURS, type TeachingMemberSearch } from '../../../api/teachingClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { lessonLabel } from './lessons.tsx';

/** The query key of one class (the panel's header: its size changes with every add and remove). */
export const teachingClassKey = (id: number) => ['roll', 'teachingClasses', 'one', id] as const;
/** The query keys of a class's candidates (every choice of classes and keyword). */
const candidatesKey = (id: number) => ['roll', 'teachingClasses', 'candidates', id] as const;

/** Male or female from the gender code ('1', '2'); another code as it is. */
export function genderText(code: string, t: TFunction): string {
  return code === '1' ? t('teachingClassPage.male') : code === '2' ? t('teachingClassPage.female') : code;
}

/** "2026-09-01 08:00 · Admin": when and by whom, or a dash. */
const when = (at: string, by: string) => <span className="teaching-nowrap">{at ? [at, by].filter(Boolean).join(' · ') : '—'}</span>;

export interface StudentsTarget {
  id: number;
  /** The row as listed, shown until the class itself has loaded. */
  row?: TeachingClassRow;
}

export interface TeachingStudentsPanelProps {
  /** The class whose students are shown; null: closed. */
  target: StudentsTarget | null;
  options: TeachingClassOptions;
  /** Whether the caller may add and remove students (`roll:teachingClass:edit`). */
  canEdit: boolean;
  onClose: () => void;
  /** After students were added or removed (the list's sizes change). */
  onChanged: () => void;
}

/** The second step of a teaching class: its students, added and removed, and adding or removing them. */
export function TeachingStudentsPanel({ target, options, canEdit, onClose, onChanged }: TeachingStudentsPanelProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  // The class itself (its size changes with every add and remove; a class just created comes with its id only).
  const one = useQuery({
    queryKey: teachingClassKey(target?.id ?? 0),
    queryFn: ({ signal }) => fetchTeachingClass(target?.id ?? 0, signal),
    enabled: !!target,
    placeholderData: target?.row,
  });
  const row = target ? one.data : undefined;
  const name = row?.name;
  return (
    <SidePanel
      open={!!target}
      onClose={onClose}
      title={name ? t('teachingClassPage.studentsOf', { name }) : t('teachingClassPage.students')}
      width={phone ? '100%' : 980}
      className="teaching-students-panel"
    >
      {target && <Students key={target.id} id={target.id} row={row} options={options} canEdit={canEdit} onChanged={onChanged} />}
    </SidePanel>
  );
}

interface StudentsProps {
  id: number;
  /** The class, once known. */
  row: TeachingClassRow | undefined;
  options: TeachingClassOptions;
  canEdit: boolean;
  onChanged: () => void;
}

function Students({ id, row, options, canEdit, onChanged }: StudentsProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const table = usePagedTable<TeachingMemberRow>();
  const [status, setStatus] = useState<TeachingMemberStatus | ''>('');
  const [classId, setClassId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const mayChange = canEdit && !!row?.editable;
  const classes = options.classes.filter((item) => !row || item.gradeId === row.gradeId);

  const search = (next: Partial<TeachingMemberSearch> = {}): TeachingMemberSearch => ({ teachingClassId: id, status, classId: classId ?? '', keyword: keyword.trim(), ...next });
  const find = (next: Partial<TeachingMemberSearch>) => {
    setSelected([]);
    table.current?.search({ ...search(next) });
  };
  const changed = () => {
    setSelected([]);
    table.current?.reload();
    void client.invalidateQueries({ queryKey: teachingClassKey(id) });
    void client.invalidateQueries({ queryKey: candidatesKey(id) });
    onChanged();
  };

  const columns: PagedColumn<TeachingMemberRow>[] = [
    { key: 'studentName', dataIndex: 'studentName', title: t('teachingClassPage.studentName'), width: 100 },
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('teachingClassPage.studentNumber'), width: 120 },
    { key: 'gender', dataIndex: 'gender', title: t('teachingClassPage.gender'), width: 70, render: (code: string) => genderText(code, t) },
    { key: 'className', dataIndex: 'className', title: t('teachingClassPage.class'), width: 110 },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('teachingClassPage.status'),
      width: 90,
      render: (value: TeachingMemberStatus, member: TeachingMemberRow) => (
        <Tag color={TEACHING_MEMBER_COLOURS[value]} data-testid={`teaching-member-status-${member.studentId}`}>
          {t(value === 'added' ? 'teachingClassPage.status.added' : 'teachingClassPage.status.removed')}
        </Tag>
      ),
    },
    { key: 'added', title: t('teachingClassPage.addedAt'), width: 190, render: (_: unknown, member: TeachingMemberRow) => when(member.addedAt, member.addedByName) },
    { key: 'removed', title: t('teachingClassPage.removedAt'), width: 190, render: (_: unknown, member: TeachingMemberRow) => when(member.removedAt, member.removedByName) },
  ];

  return (
    <div className="teaching-students" data-testid="teaching-students">
      {row && (
        <div className="teaching-students-summary" data-testid="teaching-students-summary">
          <span>{[row.courseName, row.gradeName, row.teacherName].filter(Boolean).join(' · ')}</span>
          <span className="teaching-muted">{row.lessons.map((lesson) => lessonLabel(lesson, options, t)).join(', ')}</span>
          <Tag color={row.size >= row.capacity ? 'orange' : 'blue'} data-testid="teaching-students-size">
            {t('teachingClassPage.sizeOf', { size: row.size, capacity: row.capacity })}
          </Tag>
        </div>
      )}
      {row && !row.editable && <Alert type="info" showIcon title={t('teachingClass.termEnded')} data-testid="teaching-students-ended" />}
      <Space wrap className="teaching-students-filters">
        <Segmented<TeachingMemberStatus | ''>
          value={status}
          onChange={(value) => {
            setStatus(value);
            find({ status: value });
          }}
          options={[
            { value: '', label: <span data-testid="teaching-members-all">{t('teachingClassPage.status.all')}</span> },
            { value: 'added', label: <span data-testid="teaching-members-added">{t('teachingClassPage.status.added')}</span> },
            { value: 'removed', label: <span data-testid="teaching-members-removed">{t('teachingClassPage.status.removed')}</span> },
          ]}
        />
        <Select
          allowClear
          value={classId}
          placeholder={t('teachingClassPage.allClasses')}
          options={classes.map((item) => ({ value: item.id, label: item.name }))}
          onChange={(value: number | undefined) => {
            setClassId(value);
            find({ classId: value ?? '' });
          }}
          style={{ width: 150 }}
          data-testid="teaching-members-class"
        />
        <Input.Search
          allowClear
          value={keyword}
          maxLength={50}
          placeholder={t('teachingClassPage.studentKeyword')}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => find({ keyword: value.trim() })}
          style={{ width: 220, maxWidth: '100%' }}
          data-testid="teaching-members-keyword"
        />
      </Space>
      {mayChange && (
        <Space wrap className="teaching-students-actions">
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)} data-testid="teaching-members-add">
            {t('teachingClassPage.addStudents')}
          </Button>
          <DeleteButton
            url={TEACHING_CLASS_CALLS.removeStudents}
            param={{ teachingClassId: id, studentIds: selected }}
            icon={<MinusCircleOutlined />}
            title={t('teachingClassPage.removeTitle')}
            text={t('teachingClassPage.removeConfirm', { count: selected.length })}
            beforeConfirm={() => {
              if (selected.length) return true;
              feedback().message.warning(t('teachingClass.chooseStudents'));
              return false;
            }}
            onSuccess={changed}
            data-testid="teaching-members-remove"
          >
            {selected.length ? t('teachingClassPage.removeCount', { count: selected.length }) : t('teachingClassPage.remove')}
          </DeleteButton>
        </Space>
      )}
      <PagedTable<TeachingMemberRow>
        ref={table}
        url={TEACHING_CLASS_CALLS.students}
        rowKey="studentId"
        columns={columns}
        defaultSearch={{ ...search() }}
        scroll={{ x: 'max-content' }}
        size="small"
        rowSelection={
          mayChange
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys),
                getCheckboxProps: (member: TeachingMemberRow) => ({ disabled: member.status === 'removed' }),
              }
            : undefined
        }
        onLoaded={(data) => setSelected((keys) => keys.filter((key) => data.rows.some((member) => member.studentId === key && member.status === 'added')))}
        data-testid="teaching-members-table"
      />
      {row && (
        <AddStudentsDialog
          open={adding}
          row={row}
          options={options}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            changed();
          }}
        />
      )}
    </div>
  );
}

interface AddStudentsDialogProps {
  open: boolean;
  row: TeachingClassRow;
  options: TeachingClassOptions;
  onClose: () => void;
  onAdded: () => void;
}

/**
 * Chooses students of the class's grade: from one or several administrative classes (none: the whole grade)
 * and a keyword. Students already in the class, or with another class at one of its times, cannot be ticked.
 */
function AddStudentsDialog({ open, row, options, onClose, onAdded }: AddStudentsDialogProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [classIds, setClassIds] = useState<number[]>([]);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const [busy, setBusy] = useState(false);
  const candidates = useQuery({
    queryKey: [...candidatesKey(row.id), classIds, applied],
    queryFn: ({ signal }) => fetchTeachingCandidates({ teachingClassId: row.id, classIds, keyword: applied }, signal),
    enabled: open,
  });
  const classes = options.classes.filter((item) => item.gradeId === row.gradeId);
  const free = Math.max(0, row.capacity - row.size);
  const tooMany = selected.length > free || selected.length > TEACHING_CLASS_MEMBERS_MAX;

  const close = () => {
    setSelected([]);
    onClose();
  };

  const add = async () => {
    setBusy(true);
    try {
      const msg = await addTeachingMembers({ teachingClassId: row.id, studentIds: selected.map(Number) });
      feedback().message.success(msg);
      setSelected([]);
      onAdded();
    } catch {
      // The request client has shown why (full, a clash): the candidates are read again.
      void candidates.refetch();
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<TeachingCandidateRow> = [
    { key: 'name', dataIndex: 'name', title: t('teachingClassPage.studentName'), width: 100 },
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('teachingClassPage.studentNumber'), width: 120 },
    { key: 'gender', dataIndex: 'gender', title: t('teachingClassPage.gender'), width: 70, render: (code: string) => genderText(code, t) },
    { key: 'className', dataIndex: 'className', title: t('teachingClassPage.class'), width: 110 },
    {
      key: 'state',
      title: t('teachingClassPage.candidateState'),
      render: (_: unknown, candidate: TeachingCandidateRow) =>
        candidate.member ? (
          <Tag color="green" data-testid={`teaching-candidate-member-${candidate.id}`}>
            {t('teachingClassPage.alreadyIn')}
          </Tag>
        ) : candidate.clash ? (
          <Tag color="red" data-testid={`teaching-candidate-clash-${candidate.id}`}>
            {t('teachingClassPage.clashWith', { name: candidate.clash })}
          </Tag>
        ) : null,
    },
  ];

  return (
    <SidePanel
      open={open}
      onClose={close}
      title={t('teachingClassPage.addTitleOf', { name: row.name })}
      width={phone ? '100%' : 860}
      className="teaching-add-panel"
      closeOnBackdrop={false}
      footer={
        <div className="teaching-add-footer">
          <Button onClick={close} data-testid="teaching-add-cancel">
            {t('manage.cancel')}
          </Button>
          <Button type="primary" loading={busy} disabled={!selected.length || tooMany} onClick={() => void add()} data-testid="teaching-add-ok">
            {t('teachingClassPage.addCount', { count: selected.length })}
          </Button>
        </div>
      }
    >
      <div className="teaching-add" data-testid="teaching-add">
        <Typography.Paragraph type="secondary" className="teaching-add-hint">
          {t('teachingClassPage.addHint', { grade: row.gradeName, free, size: row.size, capacity: row.capacity })}
        </Typography.Paragraph>
        <Space wrap className="teaching-students-filters">
          <Select
            mode="multiple"
            allowClear
            value={classIds}
            placeholder={t('teachingClassPage.wholeGrade', { grade: row.gradeName })}
            options={classes.map((item) => ({ value: item.id, label: item.name }))}
            onChange={(value: number[]) => setClassIds(value)}
            maxTagCount="responsive"
            style={{ width: 280, maxWidth: '100%' }}
            data-testid="teaching-add-classes"
          />
          <Input.Search
            allowClear
            value={keyword}
            maxLength={50}
            placeholder={t('teachingClassPage.studentKeyword')}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={(value) => setApplied(value.trim())}
            style={{ width: 220, maxWidth: '100%' }}
            data-testid="teaching-add-keyword"
          />
        </Space>
        {tooMany && <Alert type="warning" showIcon title={t('teachingClassPage.overCapacity', { free })} data-testid="teaching-add-over" />}
        <Table<TeachingCandidateRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={candidates.data ?? []}
          loading={candidates.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{ defaultPageSize: 50, pageSizeOptions: [50, 100, 200, 500], showSizeChanger: true, size: 'small', showTotal: (total) => t('teachingClassPage.candidateTotal', { total }) }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys),
            getCheckboxProps: (candidate: TeachingCandidateRow) => ({ disabled: candidate.member || !!candidate.clash }),
            selections: [Table.SELECTION_ALL, Table.SELECTION_NONE],
          }}
          data-testid="teaching-candidates"
        />
      </div>
    </SidePanel>
  );
}
