import { useMemo, useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AWARD_LEVELS, type AboveSchoolDetail, type AboveSchoolRow, type AwardLevel } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ABOVE_SCHOOL_CALLS, AWARD_PAGE_PERMISSIONS, fetchAboveSchool, saveAboveSchool, searchAwardStudents } from '../../../api/awards.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { FormDialog, ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { AwardPictures, knownPictures } from '../common/AwardPictures.tsx';
import { StudentSelect } from '../../../components/StudentSelect/index.ts';

interface SearchForm {
  level?: AwardLevel;
  name?: string;
  keyword?: string;
}

interface AboveSchoolFormValues {
  level?: AwardLevel;
  name: string;
  awardedOn: string;
  studentIds: number[];
  pictures: string[];
  notes?: string;
}

type Editing = { mode: 'add' } | { mode: 'edit'; detail: AboveSchoolDetail };

const winnerNames = (row: AboveSchoolRow) => row.winners.map((winner) => winner.name).join('、');

function AboveSchoolView({ detail, onClose }: { detail: AboveSchoolDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={!!detail} title={t('awardsUi.viewAboveSchool')} onCancel={onClose} footer={null} destroyOnHidden>
      {detail && (
        <Descriptions column={1} size="small" className="award-view" data-testid="above-school-view">
          <Descriptions.Item label={t('awardsUi.level')}>{t(`awards.level.${detail.level}`)}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.awardName')}>{detail.name}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.awardedOn')}>{detail.awardedOn}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.students')}>{detail.winners.map((w) => `${w.name}（${w.studentNumber}）`).join('、')}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.certificate')}>
            <AwardPictures pictures={detail.pictures} />
          </Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.notes')}>{detail.notes}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.creator')}>{detail.creatorName}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/**
 * /jsgl/xjys, Awards above school level: level (district to international), name, winners (students of the
 * caller's classes), certificate pictures, notes and award date.
 */
export default function AboveSchoolPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [viewing, setViewing] = useState<AboveSchoolDetail | null>(null);
  const levelOptions = AWARD_LEVELS.map((level) => ({ value: level, label: t(`awards.level.${level}`) }));
  const required = (field: string) => [{ required: true, whitespace: true, message: t('awardsUi.required', { field: t(field) }) }];

  const open = async (row: AboveSchoolRow, as: 'view' | 'edit') => {
    try {
      const detail = await fetchAboveSchool(row.id);
      if (as === 'view') setViewing(detail);
      else setEditing({ mode: 'edit', detail });
    } catch {
      // The request client has shown why.
    }
  };

  const editDetail = editing?.mode === 'edit' ? editing.detail : undefined;
  const initialValues = useMemo<Partial<AboveSchoolFormValues>>(
    () =>
      editDetail
        ? { level: editDetail.level, name: editDetail.name, awardedOn: editDetail.awardedOn, studentIds: editDetail.winners.map((w) => w.id), pictures: editDetail.pictures.map((p) => p.id), notes: editDetail.notes }
        : { studentIds: [], pictures: [], notes: '' },
    [editDetail],
  );

  const save = async (values: AboveSchoolFormValues, reload: () => void) => {
    const body = { level: values.level!, name: values.name, awardedOn: values.awardedOn, studentIds: values.studentIds ?? [], pictures: values.pictures ?? [], notes: values.notes ?? '' };
    const msg = await saveAboveSchool(editDetail ? { id: editDetail.id, ...body } : body);
    feedback().message.success(msg || t(editDetail ? 'common.updated' : 'common.saved'));
    reload();
  };

  return (
    <ManagePage<AboveSchoolRow, SearchForm>
      permission={AWARD_PAGE_PERMISSIONS.aboveSchool}
      listUrl={ABOVE_SCHOOL_CALLS.page}
      title={routeTitle(route, i18n.language)}
      deleteUrl={ABOVE_SCHOOL_CALLS.delete}
      onAdd={() => setEditing({ mode: 'add' })}
      toSearch={(values) => ({ level: values.level ?? '', name: values.name?.trim() ?? '', keyword: values.keyword?.trim() ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="level" label={t('awardsUi.level')}>
            <Select allowClear options={levelOptions} placeholder={t('manage.all')} style={{ width: 120 }} data-testid="above-school-search-level" />
          </Form.Item>
          <Form.Item name="name" label={t('awardsUi.awardName')}>
            <Input allowClear maxLength={100} data-testid="above-school-search-name" />
          </Form.Item>
          <Form.Item name="keyword" label={t('awardsUi.students')}>
            <Input allowClear maxLength={100} placeholder={t('awardsUi.winnerHint')} data-testid="above-school-search-keyword" />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'level', dataIndex: 'level', title: t('awardsUi.level'), width: 90, render: (value: AwardLevel) => <Tag color="gold">{t(`awards.level.${value}`)}</Tag> },
        {
          key: 'name',
          dataIndex: 'name',
          title: t('awardsUi.awardName'),
          render: (value: string, row: AboveSchoolRow) => (
            <Button type="link" size="small" onClick={() => void open(row, 'view')} data-testid="above-school-name">
              {value}
            </Button>
          ),
        },
        { key: 'winners', title: t('awardsUi.students'), render: (_: unknown, row: AboveSchoolRow) => <span className="award-students-cell">{winnerNames(row)}</span> },
        { key: 'awardedOn', dataIndex: 'awardedOn', title: t('awardsUi.awardedOn'), width: 120 },
        { key: 'notes', dataIndex: 'notes', title: t('awardsUi.notes'), width: 180, ellipsis: true },
        { key: 'creatorName', dataIndex: 'creatorName', title: t('awardsUi.creator'), width: 110 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions
            onView={() => void open(row, 'view')}
            onEdit={canEdit && row.mine ? () => void open(row, 'edit') : undefined}
            viewTestId={`above-school-view-${row.id}`}
            editTestId={`above-school-edit-${row.id}`}
          />
          {canDelete && row.mine && <DeleteButton type="link" size="small" url={ABOVE_SCHOOL_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`above-school-delete-${row.id}`} />}
        </>
      )}
      data-testid="above-school-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<AboveSchoolFormValues>
            open={!!editing}
            mode={editing?.mode ?? 'add'}
            title={t(editing?.mode === 'edit' ? 'awardsUi.editAboveSchool' : 'awardsUi.addAboveSchool')}
            initialValues={initialValues}
            onClose={() => setEditing(null)}
            onSubmit={(values) => save(values, reload)}
            data-testid="above-school-dialog"
          >
            {() => (
              <>
                <Form.Item name="level" label={t('awardsUi.level')} rules={[{ required: true, message: t('awardsUi.required', { field: t('awardsUi.level') }) }]}>
                  <Select options={levelOptions} data-testid="above-school-form-level" />
                </Form.Item>
                <Form.Item name="name" label={t('awardsUi.awardName')} rules={required('awardsUi.awardName')}>
                  <Input maxLength={100} data-testid="above-school-form-name" />
                </Form.Item>
                <Form.Item name="awardedOn" label={t('awardsUi.awardedOn')} rules={required('awardsUi.awardedOn')}>
                  <Input type="date" data-testid="above-school-form-awardedOn" />
                </Form.Item>
                <Form.Item name="studentIds" label={t('awardsUi.students')} rules={[{ required: true, type: 'array', min: 1, message: t('awardsUi.required', { field: t('awardsUi.students') }) }]}>
                  <StudentSelect search={searchAwardStudents} placeholder={t('awardsUi.studentsHint')} known={editDetail?.winners} data-testid="above-school-form-students" />
                </Form.Item>
                <Form.Item name="pictures" label={t('awardsUi.certificate')}>
                  <FileUpload purpose="image" knownFiles={knownPictures(editDetail?.pictures)} data-testid="above-school-form-pictures" />
                </Form.Item>
                <Form.Item name="notes" label={t('awardsUi.notes')}>
                  <Input.TextArea rows={3} maxLength={300} showCount data-testid="above-school-form-notes" />
                </Form.Item>
              </>
            )}
          </FormDialog>
          <AboveSchoolView detail={viewing} onClose={() => setViewing(null)} />
        </>
      )}
    </ManagePage>
  );
}
