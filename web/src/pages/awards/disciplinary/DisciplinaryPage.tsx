import { useEffect, useMemo, useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisciplinaryDetail, DisciplinaryRow, PrizeRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { AWARD_PAGE_PERMISSIONS, DISCIPLINARY_CALLS, fetchDisciplinary, fetchPrizeOptions, giveAward, updateDisciplinary, searchAwardStudents } from '../../../api/awards.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { FormDialog, ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { AwardPictures, knownPictures } from '../common/AwardPictures.tsx';
import { StudentSelect } from '../../../components/StudentSelect/index.ts';

interface SearchForm {
  prizeId?: number;
  keyword?: string;
}

interface GiveFormValues {
  prizeId?: number;
  studentIds?: number[];
  pictures?: string[];
}

type Editing = { mode: 'add' } | { mode: 'edit'; detail: DisciplinaryDetail };

function DisciplinaryView({ detail, onClose }: { detail: DisciplinaryDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={!!detail} title={t('awardsUi.viewGiven')} onCancel={onClose} footer={null} destroyOnHidden>
      {detail && (
        <Descriptions column={1} size="small" className="award-view" data-testid="disciplinary-view">
          <Descriptions.Item label={t('awardsUi.competition')}>{detail.competitionTitle}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.prize')}>{detail.prizeName}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.awardedOn')}>{detail.awardedOn}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.student')}>{`${detail.student.name} · ${detail.student.studentNumber} · ${detail.student.className}`}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.pictures')}>
            <AwardPictures pictures={detail.pictures} />
          </Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.giver')}>{detail.giverName}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.givenAt')}>{detail.createdAt}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/**
 * /jsgl/xkhj, Disciplinary awards: an award of a competition event given to students (chosen by student
 * id among the caller's classes), with pictures. The award's free places are shown; the server refuses
 * more students than its winner number allows.
 */
export default function DisciplinaryPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [viewing, setViewing] = useState<DisciplinaryDetail | null>(null);
  const [prizes, setPrizes] = useState<PrizeRow[]>([]);

  const loadPrizes = () =>
    fetchPrizeOptions().then(setPrizes, () => {
      // The request client has shown why.
    });
  useEffect(() => {
    void loadPrizes();
  }, []);

  const prizeOptions = prizes.map((prize) => ({
    value: prize.id,
    label: t('awardsUi.prizeOption', { competition: prize.competitionTitle, prize: prize.name, given: prize.givenCount, max: prize.winnerNumber }),
    disabled: editing?.mode === 'add' && prize.givenCount >= prize.winnerNumber,
  }));

  const open = async (row: DisciplinaryRow, as: 'view' | 'edit') => {
    try {
      const detail = await fetchDisciplinary(row.id);
      if (as === 'view') setViewing(detail);
      else setEditing({ mode: 'edit', detail });
    } catch {
      // The request client has shown why.
    }
  };

  const editDetail = editing?.mode === 'edit' ? editing.detail : undefined;
  const initialValues = useMemo<GiveFormValues>(
    () => (editDetail ? { prizeId: editDetail.prizeId, studentIds: [editDetail.student.id], pictures: editDetail.pictures.map((p) => p.id) } : { studentIds: [], pictures: [] }),
    [editDetail],
  );

  const save = async (values: GiveFormValues, reload: () => void) => {
    const msg = editDetail
      ? await updateDisciplinary({ id: editDetail.id, pictures: values.pictures ?? [] })
      : await giveAward({ prizeId: values.prizeId!, studentIds: values.studentIds ?? [], pictures: values.pictures ?? [] });
    feedback().message.success(msg || t('common.saved'));
    reload();
    void loadPrizes();
  };

  return (
    <ManagePage<DisciplinaryRow, SearchForm>
      permission={AWARD_PAGE_PERMISSIONS.disciplinary}
      listUrl={DISCIPLINARY_CALLS.page}
      title={routeTitle(route, i18n.language)}
      deleteUrl={DISCIPLINARY_CALLS.delete}
      onAdd={() => setEditing({ mode: 'add' })}
      toSearch={(values) => ({ prizeId: values.prizeId ?? '', keyword: values.keyword?.trim() ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="prizeId" label={t('awardsUi.prize')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={prizeOptions} placeholder={t('manage.all')} style={{ width: 260 }} data-testid="disciplinary-search-prize" />
          </Form.Item>
          <Form.Item name="keyword" label={t('awardsUi.keyword')}>
            <Input allowClear maxLength={100} placeholder={t('awardsUi.keywordHint')} data-testid="disciplinary-search-keyword" />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'competitionTitle', dataIndex: 'competitionTitle', title: t('awardsUi.competition') },
        {
          key: 'prizeName',
          dataIndex: 'prizeName',
          title: t('awardsUi.prize'),
          width: 140,
          render: (value: string, row: DisciplinaryRow) => (
            <Button type="link" size="small" onClick={() => void open(row, 'view')} data-testid="disciplinary-prize">
              {value}
            </Button>
          ),
        },
        { key: 'student', title: t('awardsUi.student'), width: 120, render: (_: unknown, row: DisciplinaryRow) => row.student.name },
        { key: 'studentNumber', title: t('awardsUi.studentNumber'), width: 120, render: (_: unknown, row: DisciplinaryRow) => row.student.studentNumber },
        { key: 'className', title: t('awardsUi.className'), width: 120, render: (_: unknown, row: DisciplinaryRow) => row.student.className },
        { key: 'awardedOn', dataIndex: 'awardedOn', title: t('awardsUi.awardedOn'), width: 120 },
        { key: 'giverName', dataIndex: 'giverName', title: t('awardsUi.giver'), width: 110 },
        { key: 'pictureCount', dataIndex: 'pictureCount', title: t('awardsUi.pictures'), width: 70 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions
            onView={() => void open(row, 'view')}
            onEdit={canEdit && row.mine ? () => void open(row, 'edit') : undefined}
            viewTestId={`disciplinary-view-${row.id}`}
            editTestId={`disciplinary-edit-${row.id}`}
          />
          {canDelete && row.mine && (
            <DeleteButton
              type="link"
              size="small"
              url={DISCIPLINARY_CALLS.delete}
              param={{ ids: [row.id] }}
              onSuccess={() => {
                reload();
                void loadPrizes();
              }}
              data-testid={`disciplinary-delete-${row.id}`}
            />
          )}
        </>
      )}
      data-testid="disciplinary-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<GiveFormValues>
            open={!!editing}
            mode={editing?.mode ?? 'add'}
            title={t(editing?.mode === 'edit' ? 'awardsUi.editGiven' : 'awardsUi.giveTitle')}
            initialValues={initialValues}
            onClose={() => setEditing(null)}
            onSubmit={(values) => save(values, reload)}
            data-testid="disciplinary-dialog"
          >
            {(form) => (
              <>
                <Form.Item name="prizeId" label={t('awardsUi.prize')} rules={[{ required: true, message: t('awardsUi.required', { field: t('awardsUi.prize') }) }]}>
                  <Select showSearch={{ optionFilterProp: 'label' }} options={prizeOptions} disabled={!!editDetail} data-testid="disciplinary-form-prize" />
                </Form.Item>
                <Form.Item noStyle shouldUpdate={(before: GiveFormValues, after: GiveFormValues) => before.prizeId !== after.prizeId}>
                  {() => {
                    const prize = prizes.find((candidate) => candidate.id === form.getFieldValue('prizeId'));
                    const left = prize ? Math.max(0, prize.winnerNumber - prize.givenCount) : Infinity;
                    return (
                      <Form.Item
                        name="studentIds"
                        label={t('awardsUi.students')}
                        extra={!editDetail && prize ? <span data-testid="disciplinary-places-left">{t('awardsUi.left', { count: left })}</span> : undefined}
                        rules={[
                          { required: true, type: 'array', min: 1, message: t('awardsUi.required', { field: t('awardsUi.students') }) },
                          {
                            validator: (_rule, value: number[] | undefined) =>
                              editDetail || (value?.length ?? 0) <= left ? Promise.resolve() : Promise.reject(new Error(t('awardsUi.tooManyChosen', { count: left }))),
                          },
                        ]}
                      >
                        <StudentSelect search={searchAwardStudents} placeholder={t('awardsUi.studentsHint')} disabled={!!editDetail} known={editDetail ? [editDetail.student] : undefined} data-testid="disciplinary-form-students" />
                      </Form.Item>
                    );
                  }}
                </Form.Item>
                <Form.Item name="pictures" label={t('awardsUi.pictures')}>
                  <FileUpload purpose="image" knownFiles={knownPictures(editDetail?.pictures)} data-testid="disciplinary-form-pictures" />
                </Form.Item>
              </>
            )}
          </FormDialog>
          <DisciplinaryView detail={viewing} onClose={() => setViewing(null)} />
        </>
      )}
    </ManagePage>
  );
}

