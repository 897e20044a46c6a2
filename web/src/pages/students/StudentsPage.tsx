import { useEffect, useState } from 'react';
import { Button, Form, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@campus/contract';
import type { PageProps } from '../registry.ts';
import type { PersonRow } from '../../api/components.ts';
import { fetchStudentPage } from '../../api/students.ts';
import { Pagination } from '../../components/PagedTable/index.ts';
import { QueryHeader } from '../../components/QueryHeader/index.ts';
import { StudentDialog } from '../../components/StudentDialog/index.ts';
import './studentsPage.css';

interface Search {
  keyword: string;
  classCode: string;
}

interface Query extends Search {
  /** One-based on screen; the wire gets page - 1. */
  page: number;
  size: number;
}

/**
 * /rygl/xsxx 'Student information': the students the caller may see, searchable by name or account; the
 * name opens the student-information dialog. The list comes from the people list of the shared picker
 * (POST /components/getUserAllData, students only, form-encoded with a zero-based page), so it is an
 * Ant Design table with the shared pagination bar rather than the generic (JSON) paged table.
 */
export default function StudentsPage(_props: PageProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<Query>({ keyword: '', classCode: '', page: 1, size: 10 });
  const [rows, setRows] = useState<PersonRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<{ zh: string; name: string } | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchStudentPage({ page: query.page - 1, size: query.size, keyword: query.keyword, classCode: query.classCode }, controller.signal)
      .then((result) => {
        if (result.rows.length === 0 && query.page > 1) {
          // An empty page beyond the first steps back one page.
          setQuery((q) => ({ ...q, page: q.page - 1 }));
          return;
        }
        setRows(result.rows);
        setTotal(result.total);
        setLoading(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [query]);

  return (
    <div className="students-page" data-testid="students-page">
      <QueryHeader<Search>
        title={t('studentsPage.title')}
        initialValues={{ keyword: '', classCode: '' }}
        onSearch={(values) => setQuery((q) => ({ ...q, keyword: (values.keyword ?? '').trim(), classCode: (values.classCode ?? '').trim(), page: 1 }))}
      >
        <Form.Item name="keyword" label={t('studentsPage.keyword')}>
          <Input allowClear placeholder={t('studentsPage.keywordHint')} data-testid="students-keyword" />
        </Form.Item>
        <Form.Item name="classCode" label={t('studentsPage.classCode')}>
          <Input allowClear placeholder={t('studentsPage.classCodeHint')} data-testid="students-class" />
        </Form.Item>
      </QueryHeader>
      <Table<PersonRow>
        rowKey="USERID"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        data-testid="students-table"
        columns={[
          { key: 'account', title: t('studentsPage.account'), dataIndex: 'USERID', width: 160 },
          {
            key: 'name',
            title: t('studentsPage.name'),
            dataIndex: 'USERNAME',
            render: (_: unknown, row) => (
              <Button
                type="link"
                size="small"
                className="students-name-link"
                onClick={() => {
                  setShown({ zh: String(row.USERID), name: row.USERNAME });
                  setOpen(true);
                }}
                data-testid="student-name-link"
              >
                {row.USERNAME}
              </Button>
            ),
          },
          { key: 'campus', title: t('studentsPage.campus'), dataIndex: 'XQMC' },
          { key: 'class', title: t('studentsPage.className'), dataIndex: 'DWMC' },
        ]}
      />
      <Pagination
        current={query.page}
        pageSize={query.size}
        total={total}
        pageSizes={PAGE_SIZES}
        onChange={(page, size) => setQuery((q) => (size !== q.size ? { ...q, page: 1, size } : { ...q, page }))}
      />
      {shown ? <StudentDialog open={open} zh={shown.zh} name={shown.name} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
