import { useState, type Key } from 'react';
import { Button, Descriptions, Input, Modal, Spin, Table, Tag } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STRATIFIED_PERMISSIONS, STRATIFIED_URLS, type StratifiedCandidate, type StratifiedClassStudents, type StratifiedStudentRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ApiError } from '../../../api/client.ts';
import { changeStudents, fetchCandidates, fetchClassStudents, stratifiedKeys } from '../../../api/stratifiedClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { ParametersLost, idParam, scoreText } from '../../teaching/common/parts.tsx';

/**
 * /jxmgr/fcjx/fcbjxs?classId=, a level class's students: placed by score or by hand; the office adds students
 * of the grade (each in one level class per course, within the capacity) and removes them.
 */
export default function LevelStudentsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const classId = idParam(params, 'classId');
  const data = useQuery({ queryKey: stratifiedKeys.students(classId ?? 0), queryFn: ({ signal }) => fetchClassStudents(classId!, signal), enabled: classId !== null, retry: false });
  const lost = (message?: string) => <ParametersLost back={STRATIFIED_URLS.classes} backLabel={t('stratifiedUi.back')} message={message} />;
  if (classId === null) return lost();
  if (data.isPending) return <Spin />;
  if (data.isError) return lost(data.error instanceof ApiError && data.error.kind === 'business' ? data.error.message : undefined);
  return (
    <div className="teaching-page" data-testid="stratified-students-page">
      <div className="teaching-bar">
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('stratifiedUi.back')} title={t('stratifiedUi.back')} onClick={() => void navigate(STRATIFIED_URLS.classes)} />
        <span className="teaching-title">{routeTitle(route, i18n.language)}</span>
      </div>
      <Students classId={classId} data={data.data} />
    </div>
  );
}

function Students({ classId, data }: { classId: number; data: StratifiedClassStudents }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: [STRATIFIED_PERMISSIONS.studentsEdit] });
  const [selected, setSelected] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const c = data.stratifiedClass;
  const refresh = () => void client.invalidateQueries({ queryKey: stratifiedKeys.all });

  const remove = () => {
    if (!selected.length) {
      feedback().message.warning(t('common.selectNone'));
      return;
    }
    feedback().modal.confirm({
      title: t('stratifiedUi.removeConfirm', { count: selected.length }),
      okText: t('stratifiedUi.remove'),
      cancelText: t('manage.cancel'),
      onOk: async () => {
        try {
          feedback().message.success(await changeStudents('remove', classId, selected.map(Number)));
          setSelected([]);
        } finally {
          refresh();
        }
      },
    });
  };

  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 4 }}>
        <Descriptions.Item label={t('stratified.col.name')}>
          <Tag>{c.level}</Tag> {c.name}
        </Descriptions.Item>
        <Descriptions.Item label={t('stratified.col.course')}>{`${c.gradeName} ${c.courseName}`}</Descriptions.Item>
        <Descriptions.Item label={t('stratified.col.teacher')}>{c.teacherName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('stratified.col.students')}>
          <span data-testid="stratified-students-count">{`${data.rows.length} / ${c.capacity}`}</span>
        </Descriptions.Item>
      </Descriptions>
      {canEdit && (
        <div className="teaching-bar">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={data.rows.length >= c.capacity} data-testid="stratified-add-students">
            {t('stratifiedUi.addStudents')}
          </Button>
          <Button icon={<DeleteOutlined />} onClick={remove} data-testid="stratified-remove-students">
            {t('stratifiedUi.remove')}
          </Button>
          {data.rows.length >= c.capacity && <span className="teaching-muted teaching-small">{t('stratified.classFull')}</span>}
        </div>
      )}
      <Table<StratifiedStudentRow>
        size="small"
        rowKey="studentId"
        dataSource={data.rows}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        columns={[
          { key: 'studentNumber', dataIndex: 'studentNumber', title: t('stratifiedUi.studentNumber'), width: 120 },
          { key: 'name', dataIndex: 'name', title: t('stratifiedUi.name'), width: 100 },
          { key: 'className', dataIndex: 'className', title: t('stratifiedUi.adminClass'), width: 120 },
          { key: 'score', dataIndex: 'score', title: t('stratifiedUi.score'), width: 80, align: 'right', render: scoreText },
          { key: 'placedBy', dataIndex: 'placedBy', title: t('stratifiedUi.placedBy'), width: 100, render: (by: string) => t(`stratifiedUi.by.${by}`) },
          { key: 'placedAt', dataIndex: 'placedAt', title: t('stratifiedUi.placedAt'), width: 150 },
        ]}
      />
      <AddDialog classId={classId} open={adding} room={c.capacity - data.rows.length} onClose={() => setAdding(false)} onAdded={refresh} />
    </>
  );
}

function AddDialog({ classId, open, room, onClose, onAdded }: { classId: number; open: boolean; room: number; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const candidates = useQuery({ queryKey: stratifiedKeys.candidates(classId, keyword), queryFn: ({ signal }) => fetchCandidates(classId, keyword, signal), enabled: open });
  const submit = async () => {
    if (!selected.length) {
      feedback().message.warning(t('common.selectNone'));
      return;
    }
    setSaving(true);
    try {
      feedback().message.success(await changeStudents('add', classId, selected.map(Number)));
      setSelected([]);
      onAdded();
      onClose();
    } catch {
      // The request client has shown the refusal (full, already placed).
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t('stratifiedUi.addStudents')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} okText={t('stratifiedUi.add')} cancelText={t('manage.cancel')} width={720} destroyOnHidden>
      <div className="teaching-bar" style={{ marginBottom: 8 }}>
        <Input.Search allowClear placeholder={t('stratifiedUi.searchStudent')} onSearch={setKeyword} style={{ maxWidth: 280 }} />
        <span className="teaching-muted teaching-small">{t('stratifiedUi.room', { room, selected: selected.length })}</span>
      </div>
      <Table<StratifiedCandidate>
        size="small"
        rowKey="studentId"
        loading={candidates.isFetching}
        dataSource={candidates.data ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        columns={[
          { key: 'studentNumber', dataIndex: 'studentNumber', title: t('stratifiedUi.studentNumber') },
          { key: 'name', dataIndex: 'name', title: t('stratifiedUi.name') },
          { key: 'className', dataIndex: 'className', title: t('stratifiedUi.adminClass') },
          { key: 'currentClass', dataIndex: 'currentClass', title: t('stratifiedUi.currentClass'), render: (name: string) => (name ? <Tag color="orange">{name}</Tag> : '—') },
        ]}
      />
    </Modal>
  );
}
