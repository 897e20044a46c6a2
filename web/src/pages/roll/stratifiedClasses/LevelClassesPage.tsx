import { useMemo, useState } from 'react';
import { Button, Form, InputNumber, Input, Modal, Select, Spin, Tag } from 'antd';
import { OrderedListOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  STRATIFIED_CAPACITY_MAX,
  STRATIFIED_LEVELS,
  STRATIFIED_NAME_MAX,
  STRATIFIED_PERMISSIONS,
  STRATIFIED_URLS,
  stratifiedClassFormSchema,
  type StratifiedClassForm,
  type StratifiedClassRow,
  type StratifiedLevel,
  type StratifiedOptions,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { STRATIFIED_CALLS, fetchStratifiedOptions, placeByScore, saveStratifiedClass, stratifiedKeys } from '../../../api/stratifiedClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { FormDialog, ManagePage, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { byName, schemaRule } from '../../teaching/common/parts.tsx';

interface Values {
  termId?: number;
  gradeId?: number;
  courseId?: number;
  level?: StratifiedLevel;
  name?: string;
  teacherId?: number | null;
  classroomId?: number | null;
  capacity?: number | null;
  minScore?: number | null;
}

interface SearchForm {
  termId?: number;
  gradeId?: number;
  courseId?: number;
  level?: StratifiedLevel;
}

export function levelBody(values: Values, id?: number): StratifiedClassForm {
  return {
    ...(id ? { id } : {}),
    termId: values.termId as number,
    gradeId: values.gradeId as number,
    courseId: values.courseId as number,
    level: values.level as StratifiedLevel,
    name: values.name?.trim() ?? '',
    teacherId: values.teacherId ?? undefined,
    classroomId: values.classroomId ?? undefined,
    capacity: (values.capacity ?? undefined) as number,
    minScore: values.minScore ?? null,
  };
}

const LEVEL_COLOURS: Record<StratifiedLevel, string> = { A: 'green', B: 'blue', C: 'orange' };

/**
 * /jxmgr/fcjx/fcbj, Level classes: per term, grade and course the A/B/C level classes with their teacher, room,
 * capacity and the lowest score placing by score uses; each opens its students (/jxmgr/fcjx/fcbjxs?classId=).
 */
export default function LevelClassesPage({ route }: PageProps) {
  const options = useQuery({ queryKey: stratifiedKeys.options, queryFn: ({ signal }) => fetchStratifiedOptions(signal) });
  if (!options.data) return <Spin />;
  return <LevelClasses route={route} options={options.data} />;
}

function LevelClasses({ route, options }: PageProps & { options: StratifiedOptions }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: StratifiedClassRow } | null>(null);
  const [placing, setPlacing] = useState(false);
  const currentTerm = options.terms.find((term) => term.isCurrent)?.id;
  const initialValues = useMemo<Values>(() => (dialog?.row ? { ...dialog.row } : { termId: currentTerm, level: 'A', capacity: 45 }), [dialog, currentTerm]);
  const can = usePermission();
  const levels = STRATIFIED_LEVELS.map((level) => ({ value: level, label: t('stratifiedUi.levelN', { level }) }));

  return (
    <ManagePage<StratifiedClassRow, SearchForm>
      permission={STRATIFIED_PERMISSIONS.classes}
      listUrl={STRATIFIED_CALLS.page}
      title={routeTitle(route, i18n.language)}
      initialSearch={{ termId: currentTerm }}
      toSearch={(values) => ({ termId: values.termId ?? '', gradeId: values.gradeId ?? '', courseId: values.courseId ?? '', level: values.level ?? '' })}
      onAdd={() => setDialog({ mode: 'add' })}
      // Teachers read the list; the Excel copy is the office's (an export right asks for a second factor).
      exportUrl={can({ permissions: [`${STRATIFIED_PERMISSIONS.classes}:edit`] }) ? STRATIFIED_CALLS.export : undefined}
      exportName={t('stratified.exportName')}
      deleteUrl={STRATIFIED_CALLS.delete}
      toolbar={({ canEdit }) =>
        canEdit ? (
          <Button icon={<OrderedListOutlined />} onClick={() => setPlacing(true)} data-testid="stratified-place">
            {t('stratifiedUi.placeByScore')}
          </Button>
        ) : null
      }
      searchFields={() => (
        <>
          <Form.Item name="termId" label={t('stratified.col.term')}>
            <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="gradeId" label={t('stratified.col.grade')}>
            <Select allowClear options={byName(options.grades)} placeholder={t('manage.all')} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="courseId" label={t('stratified.col.course')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={byName(options.courses)} placeholder={t('manage.all')} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="level" label={t('stratified.col.level')}>
            <Select allowClear options={levels} placeholder={t('manage.all')} style={{ width: 110 }} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'level', dataIndex: 'level', title: t('stratified.col.level'), sorter: true, width: 80, render: (level: StratifiedLevel) => <Tag color={LEVEL_COLOURS[level]}>{level}</Tag> },
        { key: 'name', dataIndex: 'name', title: t('stratified.col.name'), sorter: true, width: 140, render: (name: string) => <span className="teaching-strong">{name}</span> },
        { key: 'gradeName', dataIndex: 'gradeName', title: t('stratified.col.grade'), width: 90 },
        { key: 'courseName', dataIndex: 'courseName', title: t('stratified.col.course'), sorter: true, width: 90 },
        { key: 'teacherName', dataIndex: 'teacherName', title: t('stratified.col.teacher'), width: 100, render: (name: string) => name || '—' },
        { key: 'classroomName', dataIndex: 'classroomName', title: t('stratified.col.classroom'), width: 110, render: (name: string) => name || '—' },
        { key: 'minScore', dataIndex: 'minScore', title: t('stratified.col.minScore'), width: 100, align: 'right', render: (value: number | null) => (value === null ? '—' : value) },
        {
          key: 'students',
          dataIndex: 'students',
          title: t('stratified.col.students'),
          sorter: true,
          width: 110,
          align: 'right',
          render: (n: number, row: StratifiedClassRow) => <span data-testid={`stratified-count-${row.id}`}>{`${n} / ${row.capacity}`}</span>,
        },
        { key: 'termName', dataIndex: 'termName', title: t('stratified.col.term'), width: 170 },
      ]}
      actionsWidth={i18n.language === 'en' ? 300 : 240}
      rowActions={(row, { canEdit }) => (
        <>
          <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => void navigate(`${STRATIFIED_URLS.students}?classId=${row.id}`)} data-testid={`stratified-students-${row.id}`}>
            {t('stratifiedUi.students')}
          </Button>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} />
        </>
      )}
      data-testid="stratified-classes-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<Values>
            open={!!dialog}
            mode={dialog?.mode ?? 'add'}
            title={t(dialog?.mode === 'add' ? 'stratifiedUi.addTitle' : dialog?.mode === 'edit' ? 'stratifiedUi.editTitle' : 'stratifiedUi.viewTitle')}
            initialValues={initialValues}
            onClose={() => setDialog(null)}
            onSubmit={async (values) => {
              feedback().message.success(await saveStratifiedClass(levelBody(values, dialog?.row?.id)));
              reload();
            }}
            data-testid="stratified-dialog"
          >
            {(form, mode) => {
              const rule = (field: keyof Values) => [schemaRule(stratifiedClassFormSchema, () => levelBody(form.getFieldsValue(true) as Values), [field])];
              const readOnly = mode === 'view';
              return (
                <div className="teaching-form-grid">
                  <Form.Item name="termId" label={t('stratified.col.term')} required rules={rule('termId')}>
                    <Select options={byName(options.terms)} disabled={readOnly} />
                  </Form.Item>
                  <Form.Item name="gradeId" label={t('stratified.col.grade')} required rules={rule('gradeId')}>
                    <Select options={byName(options.grades)} disabled={readOnly} />
                  </Form.Item>
                  <Form.Item name="courseId" label={t('stratified.col.course')} required rules={rule('courseId')}>
                    <Select showSearch={{ optionFilterProp: 'label' }} options={byName(options.courses)} disabled={readOnly} />
                  </Form.Item>
                  <Form.Item name="level" label={t('stratified.col.level')} required rules={rule('level')}>
                    <Select options={levels} disabled={readOnly} />
                  </Form.Item>
                  <Form.Item name="name" label={t('stratified.col.name')} required rules={rule('name')}>
                    <Input maxLength={STRATIFIED_NAME_MAX} disabled={readOnly} data-testid="stratified-name" />
                  </Form.Item>
                  <Form.Item name="teacherId" label={t('stratified.col.teacher')}>
                    <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={byName(options.teachers)} disabled={readOnly} />
                  </Form.Item>
                  <Form.Item name="classroomId" label={t('stratified.col.classroom')}>
                    <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={byName(options.classrooms)} disabled={readOnly} />
                  </Form.Item>
                  <Form.Item name="capacity" label={t('stratified.col.capacity')} required rules={rule('capacity')}>
                    <InputNumber min={1} max={STRATIFIED_CAPACITY_MAX} precision={0} style={{ width: '100%' }} disabled={readOnly} data-testid="stratified-capacity" />
                  </Form.Item>
                  <Form.Item name="minScore" label={t('stratified.col.minScore')} rules={rule('minScore')} extra={t('stratifiedUi.minScoreHint')}>
                    <InputNumber min={0} max={1000} step={0.5} style={{ width: '100%' }} disabled={readOnly} />
                  </Form.Item>
                </div>
              );
            }}
          </FormDialog>
          <PlaceDialog open={placing} options={options} onClose={() => setPlacing(false)} onPlaced={reload} />
        </>
      )}
    </ManagePage>
  );
}

interface PlaceValues {
  termId?: number;
  gradeId?: number;
  courseId?: number;
  batchId?: number;
}

/** Placing by score: the grade's unplaced students of a course, by a score batch of that term and grade. */
function PlaceDialog({ open, options, onClose, onPlaced }: { open: boolean; options: StratifiedOptions; onClose: () => void; onPlaced: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlaceValues>();
  const [saving, setSaving] = useState(false);
  const termId = Form.useWatch('termId', form);
  const gradeId = Form.useWatch('gradeId', form);
  const batches = options.batches.filter((batch) => (!termId || batch.termId === termId) && (!gradeId || batch.gradeId === gradeId));
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const { msg } = await placeByScore(values as Required<PlaceValues>);
      feedback().message.success(msg);
      onPlaced();
      onClose();
    } catch {
      // The request client has shown the server's refusal.
    } finally {
      setSaving(false);
    }
  };
  const required = (key: string) => [{ required: true, message: t(key) }];
  return (
    <Modal open={open} title={t('stratifiedUi.placeByScore')} onCancel={onClose} onOk={() => void submit()} okText={t('stratifiedUi.place')} cancelText={t('manage.cancel')} confirmLoading={saving} destroyOnHidden>
      <p className="teaching-muted teaching-small">{t('stratifiedUi.placeHint')}</p>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ termId: options.terms.find((term) => term.isCurrent)?.id }}>
        <Form.Item name="termId" label={t('stratified.col.term')} rules={required('stratified.termRequired')}>
          <Select options={byName(options.terms)} />
        </Form.Item>
        <Form.Item name="gradeId" label={t('stratified.col.grade')} rules={required('stratified.gradeRequired')}>
          <Select options={byName(options.grades)} />
        </Form.Item>
        <Form.Item name="courseId" label={t('stratified.col.course')} rules={required('stratified.courseRequired')}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={byName(options.courses)} />
        </Form.Item>
        <Form.Item name="batchId" label={t('stratifiedUi.batch')} rules={required('stratified.batchRequired')}>
          <Select options={byName(batches)} notFoundContent={t('stratifiedUi.noBatch')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
