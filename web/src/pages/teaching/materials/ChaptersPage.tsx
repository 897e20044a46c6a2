import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Select, Spin, Table, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MATERIAL_PERMISSIONS, chapterFormSchema, type ChapterForm, type ChapterNode, type MaterialOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { MATERIAL_CALLS, fetchChapterTree, fetchMaterialOptions, materialKeys, saveChapter } from '../../../api/materials.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { byName, schemaRule } from '../common/parts.tsx';
import { MaterialLinks } from './MaterialLinks.tsx';

interface Values {
  parentId?: number | null;
  name?: string;
  sort?: number | null;
}

/** The chapters as TreeSelect data, without `except` and its sections (a chapter cannot go under itself). */
export function chapterOptions(nodes: ChapterNode[], except?: number): { value: number; title: string; children?: ReturnType<typeof chapterOptions> }[] {
  return nodes.filter((node) => node.id !== except).map((node) => ({ value: node.id, title: node.name, ...(node.children ? { children: chapterOptions(node.children, except) } : {}) }));
}

/** /jc/zj, chapters: a course and grade's textbook chapters and sections, an ordered tree. */
export default function ChaptersPage({ route }: PageProps) {
  const options = useQuery({ queryKey: materialKeys.options, queryFn: ({ signal }) => fetchMaterialOptions(signal) });
  if (!options.data) return <Spin />;
  return <Chapters route={route} options={options.data} />;
}

function Chapters({ route, options }: PageProps & { options: MaterialOptions }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: [`${MATERIAL_PERMISSIONS.chapters}:edit`] });
  const canDelete = allowed({ permissions: [`${MATERIAL_PERMISSIONS.chapters}:delete`] });
  const [courseId, setCourseId] = useState<number | undefined>(options.first?.courseId ?? options.courses[0]?.id);
  const [gradeId, setGradeId] = useState<number | undefined>(options.first?.gradeId ?? options.grades[0]?.id);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: ChapterNode; parentId?: number } | null>(null);
  const tree = useQuery({ queryKey: materialKeys.tree(courseId ?? 0, gradeId ?? 0), queryFn: ({ signal }) => fetchChapterTree(courseId!, gradeId!, signal), enabled: !!courseId && !!gradeId });
  const reload = () => void client.invalidateQueries({ queryKey: ['materials', 'tree'] });
  const body = (values: Values, id?: number): ChapterForm => ({ ...(id ? { id } : {}), courseId: courseId as number, gradeId: gradeId as number, parentId: values.parentId ?? undefined, name: values.name?.trim() ?? '', sort: values.sort ?? 0 });
  const initialValues = useMemo<Values>(() => (dialog?.row ? { ...dialog.row } : { parentId: dialog?.parentId ?? null, sort: 1 }), [dialog]);

  return (
    <div className="teaching-page" data-testid="chapters-page">
      <Card
        size="small"
        title={<MaterialLinks title={routeTitle(route, i18n.language)} />}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} disabled={!courseId || !gradeId} onClick={() => setDialog({ mode: 'add' })} data-testid="chapter-add">
              {t('materialUi.addChapter')}
            </Button>
          )
        }
      >
        <div className="teaching-bar" style={{ marginBottom: 12 }}>
          <span>{t('material.col.course')}</span>
          <Select value={courseId} onChange={setCourseId} options={byName(options.courses)} showSearch={{ optionFilterProp: 'label' }} style={{ width: 150 }} />
          <span>{t('materialUi.grade')}</span>
          <Select value={gradeId} onChange={setGradeId} options={byName(options.grades)} style={{ width: 130 }} />
        </div>
        <Table<ChapterNode>
          size="small"
          rowKey="id"
          loading={tree.isFetching}
          dataSource={tree.data ?? []}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          key={`${courseId}-${gradeId}-${tree.dataUpdatedAt}`}
          locale={{ emptyText: t('materialUi.noChapters') }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('material.col.name') },
            { key: 'sort', dataIndex: 'sort', title: t('materialUi.sort'), width: 80 },
            { key: 'points', dataIndex: 'points', title: t('materialUi.points'), width: 110 },
            {
              key: 'actions',
              title: t('manage.actions'),
              width: i18n.language === 'en' ? 260 : 220,
              render: (_: unknown, row) => (
                <>
                  {canEdit && !row.parentId && (
                    <Button type="link" size="small" onClick={() => setDialog({ mode: 'add', parentId: row.id })}>
                      {t('materialUi.addSection')}
                    </Button>
                  )}
                  {canEdit && (
                    <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })}>
                      {t('manage.edit')}
                    </Button>
                  )}
                  {canDelete && <DeleteButton type="link" size="small" url={MATERIAL_CALLS.chapterDelete} param={{ ids: [row.id] }} onSuccess={reload} />}
                </>
              ),
            },
          ]}
        />
      </Card>
      <FormDialog<Values>
        open={!!dialog}
        mode={dialog?.mode ?? 'add'}
        title={t(dialog?.mode === 'edit' ? 'materialUi.editChapter' : 'materialUi.addChapter')}
        initialValues={initialValues}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          feedback().message.success(await saveChapter(body(values, dialog?.row?.id)));
          reload();
        }}
      >
        {(form) => {
          const rule = (field: keyof ChapterForm) => [schemaRule(chapterFormSchema, () => body(form.getFieldsValue(true) as Values, dialog?.row?.id), [field])];
          return (
            <>
              <Form.Item name="parentId" label={t('materialUi.parent')}>
                <TreeSelect allowClear treeDefaultExpandAll treeData={chapterOptions(tree.data ?? [], dialog?.row?.id)} placeholder={t('materialUi.topLevel')} />
              </Form.Item>
              <Form.Item name="name" label={t('material.col.name')} required rules={rule('name')}>
                <Input maxLength={100} data-testid="chapter-name" />
              </Form.Item>
              <Form.Item name="sort" label={t('materialUi.sort')} rules={rule('sort')}>
                <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </>
          );
        }}
      </FormDialog>
    </div>
  );
}
