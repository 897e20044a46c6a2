import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Select, Spin, Table, Tag } from 'antd';
import { CopyOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TERM_STUDENT_PERMISSION, TERM_STUDENT_STATUSES, type TermStudentCounts, type TermStudentRow, type TermStudentStatus } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { TERM_STUDENT_CALLS, copyTerm, fetchTermCounts, setTermStatus, termStudentKeys } from '../../../api/termStudents.ts';
import { feedback } from '../../../app/feedback.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { byName, idParam } from '../../teaching/common/parts.tsx';

const STATUS_COLOURS: Record<TermStudentStatus, string> = { registered: 'green', suspended: 'orange', left: 'default' };

interface SearchForm {
  keyword?: string;
  status?: TermStudentStatus;
}

/**
 * /jxzygl/xnxqgl/xswh(?termId=), term students: who is registered in a term (registered, suspended, left) with
 * counts by grade; a term is filled by copying the term before (those not left), statuses changed in batches.
 */
export default function TermStudentsPage({ route }: PageProps) {
  const [params] = useSearchParams();
  const [termId, setTermId] = useState<number | undefined>(idParam(params, 'termId') ?? undefined);
  const counts = useQuery({ queryKey: termStudentKeys.counts(termId), queryFn: ({ signal }) => fetchTermCounts(termId, signal) });
  if (!counts.data) return <Spin />;
  // The list is keyed by its term: choosing another term starts a fresh list with that term in its search.
  return <TermStudents key={counts.data.termId} route={route} counts={counts.data} onTerm={setTermId} />;
}

function TermStudents({ route, counts, onTerm }: PageProps & { counts: TermStudentCounts; onTerm: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [changing, setChanging] = useState<TermStudentRow[] | null>(null);
  const termId = counts.termId;
  const refreshCounts = () => void client.invalidateQueries({ queryKey: ['termStudents'] });
  const total = counts.grades.reduce((sum, g) => sum + g.registered + g.suspended + g.left, 0);

  const copy = (reload: () => void) =>
    feedback().modal.confirm({
      title: t('termStudentUi.copyTitle'),
      content: counts.previousTerm ? t('termStudentUi.copyFrom', { term: counts.previousTerm.name }) : t('termStudentUi.copyInSchool'),
      okText: t('termStudentUi.copy'),
      cancelText: t('manage.cancel'),
      onOk: async () => {
        try {
          feedback().message.success(await copyTerm(termId));
        } finally {
          reload();
          refreshCounts();
        }
      },
    });

  return (
    <div className="teaching-page">
      <Card size="small" title={t('termStudentUi.countsTitle', { total })} extra={<Select value={termId} options={byName(counts.terms)} onChange={onTerm} style={{ width: 240 }} data-testid="term-students-term" />}>
        <Table
          size="small"
          rowKey="gradeId"
          pagination={false}
          dataSource={counts.grades}
          locale={{ emptyText: t('termStudentUi.empty') }}
          columns={[
            { key: 'gradeName', dataIndex: 'gradeName', title: t('termStudent.col.grade') },
            ...TERM_STUDENT_STATUSES.map((status) => ({ key: status, dataIndex: status, title: t(`termStudent.status.${status}`), align: 'right' as const })),
          ]}
        />
      </Card>
      <ManagePage<TermStudentRow, SearchForm>
        permission={TERM_STUDENT_PERMISSION}
        listUrl={TERM_STUDENT_CALLS.page}
        title={routeTitle(route, i18n.language)}
        initialSearch={{}}
        toSearch={(values) => ({ termId, keyword: values.keyword?.trim() ?? '', status: values.status ?? '' })}
        exportUrl={TERM_STUDENT_CALLS.export}
        exportName={t('termStudent.exportName')}
        toolbar={({ canEdit, selected, reload }) =>
          canEdit ? (
            <>
              <Button icon={<CopyOutlined />} onClick={() => copy(reload)} data-testid="term-students-copy">
                {t('termStudentUi.copy')}
              </Button>
              <Button icon={<EditOutlined />} onClick={() => (selected.length ? setChanging(selected) : feedback().message.warning(t('common.selectNone')))} data-testid="term-students-status">
                {t('termStudentUi.setStatus')}
              </Button>
            </>
          ) : null
        }
        rowKey="studentId"
        searchFields={() => (
          <>
            <Form.Item name="keyword" label={t('termStudentUi.keyword')}>
              <Input allowClear maxLength={50} placeholder={t('termStudentUi.keywordPlaceholder')} />
            </Form.Item>
            <Form.Item name="status" label={t('termStudent.col.status')}>
              <Select allowClear options={TERM_STUDENT_STATUSES.map((status) => ({ value: status, label: t(`termStudent.status.${status}`) }))} placeholder={t('manage.all')} style={{ width: 120 }} />
            </Form.Item>
          </>
        )}
        columns={[
          { key: 'studentNumber', dataIndex: 'studentNumber', title: t('termStudent.col.number'), sorter: true, width: 130 },
          { key: 'name', dataIndex: 'name', title: t('termStudent.col.name'), width: 100 },
          { key: 'gradeName', dataIndex: 'gradeName', title: t('termStudent.col.grade'), width: 90 },
          { key: 'className', dataIndex: 'className', title: t('termStudent.col.class'), sorter: true, width: 120 },
          { key: 'status', dataIndex: 'status', title: t('termStudent.col.status'), sorter: true, width: 100, render: (status: TermStudentStatus) => <Tag color={STATUS_COLOURS[status]}>{t(`termStudent.status.${status}`)}</Tag> },
          { key: 'remark', dataIndex: 'remark', title: t('termStudent.col.remark'), width: 180, render: (text: string) => text || '—' },
          { key: 'updatedAt', dataIndex: 'updatedAt', title: t('termStudentUi.updatedAt'), sorter: true, width: 150 },
        ]}
        data-testid="term-students-page"
      >
        {({ reload }) => (
          <StatusDialog
            termId={termId}
            rows={changing}
            onClose={() => setChanging(null)}
            onSaved={() => {
              reload();
              refreshCounts();
            }}
          />
        )}
      </ManagePage>
    </div>
  );
}

function StatusDialog({ termId, rows, onClose, onSaved }: { termId: number; rows: TermStudentRow[] | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TermStudentStatus>('registered');
  const [remark, setRemark] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!rows) return;
    setSaving(true);
    try {
      feedback().message.success(await setTermStatus({ termId, studentIds: rows.map((row) => row.studentId), status, remark: remark.trim() }));
      onSaved();
      onClose();
    } catch {
      // The request client has shown the refusal.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={!!rows} title={t('termStudentUi.statusTitle', { count: rows?.length ?? 0 })} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} cancelText={t('manage.cancel')} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('termStudent.col.status')} required>
          <Select value={status} onChange={setStatus} options={TERM_STUDENT_STATUSES.map((value) => ({ value, label: t(`termStudent.status.${value}`) }))} />
        </Form.Item>
        <Form.Item label={t('termStudent.col.remark')}>
          <Input maxLength={100} value={remark} onChange={(event) => setRemark(event.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
