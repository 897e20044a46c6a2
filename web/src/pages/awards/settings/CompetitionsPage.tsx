import { useMemo, useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompetitionDetail, CompetitionRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { AWARD_PAGE_PERMISSIONS, COMPETITION_CALLS, fetchCompetition, saveCompetition } from '../../../api/awards.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { FormDialog, ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { AwardPictures, knownPictures } from '../common/AwardPictures.tsx';
import { PrizesPanel } from './PrizesPanel.tsx';

interface SearchForm {
  title?: string;
  place?: string;
}

interface CompetitionFormValues {
  title: string;
  heldOn: string;
  place: string;
  content: string;
  pictures: string[];
}

type Editing = { mode: 'add' } | { mode: 'edit'; detail: CompetitionDetail };

/** Read-only view of an event with its pictures and awards. */
function CompetitionView({ detail, onClose }: { detail: CompetitionDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={!!detail} title={t('awardsUi.viewCompetition')} onCancel={onClose} footer={null} destroyOnHidden data-testid="competition-view">
      {detail && (
        <Descriptions column={1} size="small" className="award-view">
          <Descriptions.Item label={t('awardsUi.competitionTitle')}>{detail.title}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.heldOn')}>{detail.heldOn}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.place')}>{detail.place}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.content')}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{detail.content}</Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.pictures')}>
            <AwardPictures pictures={detail.pictures} />
          </Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.publisher')}>{detail.publisherName}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.releasedAt')}>{detail.releasedAt}</Descriptions.Item>
          <Descriptions.Item label={t('awardsUi.prizes')}>
            {detail.prizes.length ? detail.prizes.map((prize) => `${prize.name} (${prize.givenCount}/${prize.winnerNumber})`).join('，') : t('awardsUi.noPrizes')}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/**
 * /jsgl/jssz, Competition and award settings: competition events (title, date, place, content, pictures)
 * and, per event, its awards. Every event is listed; one's own (every one with `award:settings:all`) may be
 * changed. An event or award that was given cannot be deleted: the server says so.
 */
export default function CompetitionsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [viewing, setViewing] = useState<CompetitionDetail | null>(null);
  const [prizesOf, setPrizesOf] = useState<CompetitionRow | null>(null);
  const required = (field: string) => [{ required: true, whitespace: true, message: t('awardsUi.required', { field: t(field) }) }];

  const open = async (row: CompetitionRow, as: 'view' | 'edit') => {
    try {
      const detail = await fetchCompetition(row.id);
      if (as === 'view') setViewing(detail);
      else setEditing({ mode: 'edit', detail });
    } catch {
      // The request client has shown why.
    }
  };

  const editDetail = editing?.mode === 'edit' ? editing.detail : undefined;
  const initialValues = useMemo<Partial<CompetitionFormValues>>(
    () => (editDetail ? { title: editDetail.title, heldOn: editDetail.heldOn, place: editDetail.place, content: editDetail.content, pictures: editDetail.pictures.map((p) => p.id) } : { pictures: [] }),
    [editDetail],
  );

  const save = async (values: CompetitionFormValues, reload: () => void) => {
    const body = { title: values.title, heldOn: values.heldOn, place: values.place, content: values.content, pictures: values.pictures ?? [] };
    const msg = await saveCompetition(editDetail ? { id: editDetail.id, ...body } : body);
    feedback().message.success(msg || t(editDetail ? 'common.updated' : 'common.saved'));
    reload();
  };

  return (
    <ManagePage<CompetitionRow, SearchForm>
      permission={AWARD_PAGE_PERMISSIONS.settings}
      listUrl={COMPETITION_CALLS.page}
      title={routeTitle(route, i18n.language)}
      deleteUrl={COMPETITION_CALLS.delete}
      onAdd={() => setEditing({ mode: 'add' })}
      toSearch={(values) => ({ title: values.title?.trim() ?? '', place: values.place?.trim() ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="title" label={t('awardsUi.competitionTitle')}>
            <Input allowClear maxLength={100} placeholder={t('awardsUi.titleHint')} data-testid="competitions-search-title" />
          </Form.Item>
          <Form.Item name="place" label={t('awardsUi.place')}>
            <Input allowClear maxLength={100} placeholder={t('awardsUi.placeHint')} data-testid="competitions-search-place" />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'title',
          dataIndex: 'title',
          title: t('awardsUi.competitionTitle'),
          render: (value: string, row: CompetitionRow) => (
            <Button type="link" size="small" onClick={() => void open(row, 'view')} data-testid="competition-title">
              {value}
            </Button>
          ),
        },
        { key: 'heldOn', dataIndex: 'heldOn', title: t('awardsUi.heldOn'), width: 120 },
        { key: 'place', dataIndex: 'place', title: t('awardsUi.place'), width: 160 },
        { key: 'publisherName', dataIndex: 'publisherName', title: t('awardsUi.publisher'), width: 110 },
        { key: 'releasedAt', dataIndex: 'releasedAt', title: t('awardsUi.releasedAt'), width: 170 },
        { key: 'prizeCount', dataIndex: 'prizeCount', title: t('awardsUi.prizeCount'), width: 80 },
        { key: 'givenCount', dataIndex: 'givenCount', title: t('awardsUi.givenCount'), width: 80 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions
            onView={() => void open(row, 'view')}
            onEdit={canEdit && row.mine ? () => void open(row, 'edit') : undefined}
            viewTestId={`competition-view-${row.id}`}
            editTestId={`competition-edit-${row.id}`}
          />
          <Button type="link" size="small" onClick={() => setPrizesOf(row)} data-testid={`competition-prizes-${row.id}`}>
            {t('awardsUi.prizes')}
          </Button>
          {canDelete && row.mine && (
            <DeleteButton type="link" size="small" url={COMPETITION_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`competition-delete-${row.id}`} />
          )}
        </>
      )}
      data-testid="competitions-page"
    >
      {({ reload, canEdit, canDelete }) => (
        <>
          <FormDialog<CompetitionFormValues>
            open={!!editing}
            mode={editing?.mode ?? 'add'}
            title={t(editing?.mode === 'edit' ? 'awardsUi.editCompetition' : 'awardsUi.addCompetition')}
            initialValues={initialValues}
            onClose={() => setEditing(null)}
            onSubmit={(values) => save(values, reload)}
            data-testid="competition-dialog"
          >
            {() => (
              <>
                <Form.Item name="title" label={t('awardsUi.competitionTitle')} rules={required('awardsUi.competitionTitle')}>
                  <Input maxLength={100} data-testid="competition-form-title" />
                </Form.Item>
                <Form.Item name="heldOn" label={t('awardsUi.heldOn')} rules={required('awardsUi.heldOn')}>
                  <Input type="date" data-testid="competition-form-heldOn" />
                </Form.Item>
                <Form.Item name="place" label={t('awardsUi.place')} rules={required('awardsUi.place')}>
                  <Input maxLength={100} data-testid="competition-form-place" />
                </Form.Item>
                <Form.Item name="content" label={t('awardsUi.content')} rules={required('awardsUi.content')}>
                  <Input.TextArea rows={4} maxLength={5000} data-testid="competition-form-content" />
                </Form.Item>
                <Form.Item name="pictures" label={t('awardsUi.pictures')}>
                  <FileUpload purpose="image" knownFiles={knownPictures(editDetail?.pictures)} data-testid="competition-form-pictures" />
                </Form.Item>
              </>
            )}
          </FormDialog>
          <CompetitionView detail={viewing} onClose={() => setViewing(null)} />
          <PrizesPanel competition={prizesOf} canEdit={canEdit && !!prizesOf?.mine} canDelete={canDelete && !!prizesOf?.mine} onClose={() => setPrizesOf(null)} onChanged={reload} />
        </>
      )}
    </ManagePage>
  );
}
