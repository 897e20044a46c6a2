import { useMemo, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../registry.ts';
import { STUDENT_PAGE_URL, type StudentListRow } from '../../../api/students.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { StudentDialog } from '../../../components/StudentDialog/index.ts';
import { ClassSelect } from './ClassSelect.tsx';
import './studentsPage.css';

interface Search {
  keyword?: string;
  classCode?: string;
}

/**
 * /rygl/xsxx 'Student information': the students the caller may see (the server scopes the list: a class
 * teacher gets their class, an administrator everyone), searchable by name or student number and by class;
 * the name opens the student-information dialog. The generic paged table over POST /api/students/page.
 */
export default function StudentsPage(_props: PageProps) {
  const { t } = useTranslation();
  const table = usePagedTable<StudentListRow>();
  const [shown, setShown] = useState<{ zh: string; name: string } | null>(null);
  const [open, setOpen] = useState(false);

  const columns = useMemo<PagedColumn<StudentListRow>[]>(
    () => [
      { key: 'studentNumber', title: t('studentsPage.studentNumber'), dataIndex: 'studentNumber', width: 140, sorter: true },
      {
        key: 'name',
        title: t('studentsPage.name'),
        dataIndex: 'name',
        sorter: true,
        render: (_: unknown, row) => (
          <Button
            type="link"
            size="small"
            className="students-name-link"
            onClick={() => {
              setShown({ zh: row.account, name: row.name });
              setOpen(true);
            }}
            data-testid="student-name-link"
          >
            {row.name}
          </Button>
        ),
      },
      { key: 'gender', title: t('studentsPage.gender'), dataIndex: 'genderName', width: 90 },
      { key: 'className', title: t('studentsPage.className'), dataIndex: 'className', sorter: true, render: (value: string | null) => value ?? '' },
      { key: 'gradeName', title: t('studentsPage.grade'), dataIndex: 'gradeName', sorter: true, render: (value: string | null) => value ?? '' },
      { key: 'campusName', title: t('studentsPage.campus'), dataIndex: 'campusName', sorter: true, render: (value: string | null) => value ?? '' },
      { key: 'entryYear', title: t('studentsPage.entryYear'), dataIndex: 'entryYear', width: 110, sorter: true },
      { key: 'status', title: t('studentsPage.status'), dataIndex: 'inSchoolStatusName', width: 110 },
    ],
    [t],
  );

  return (
    <div className="students-page" data-testid="students-page">
      <QueryHeader<Search>
        title={t('studentsPage.title')}
        initialValues={{ keyword: '', classCode: undefined }}
        onSearch={(values) => table.current?.search({ keyword: (values.keyword ?? '').trim(), classCode: values.classCode ?? '' })}
      >
        <Form.Item name="keyword" label={t('studentsPage.keyword')}>
          <Input allowClear placeholder={t('studentsPage.keywordHint')} data-testid="students-keyword" />
        </Form.Item>
        <Form.Item name="classCode" label={t('studentsPage.classCode')}>
          <ClassSelect allowClear placeholder={t('studentsPage.classCodeHint')} style={{ width: 200 }} data-testid="students-class" />
        </Form.Item>
      </QueryHeader>
      <PagedTable<StudentListRow> ref={table} url={STUDENT_PAGE_URL} columns={columns} rowKey="studentNumber" size="middle" data-testid="students-table" />
      {shown ? <StudentDialog open={open} zh={shown.zh} name={shown.name} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
