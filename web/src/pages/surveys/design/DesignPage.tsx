import { useState } from 'react';
import { Button, Form, Input, Select, Tag } from 'antd';
import { CopyOutlined, EyeOutlined, QrcodeOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SURVEY_PERMISSIONS, SURVEY_PHASES, SURVEY_URLS, type SurveyPhase, type SurveyRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { PHASE_COLOURS, SURVEY_CALLS, fetchSurvey, surveyAction } from '../../../api/surveys.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { SurveyEditor, type EditorState } from './SurveyEditor.tsx';
import { PublishDialog, ShareDialog } from './PublishDialog.tsx';
import '../surveys.css';

interface SearchForm {
  keyword?: string;
  phase?: SurveyPhase;
}

export function PhaseTag({ phase, testId }: { phase: SurveyPhase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={PHASE_COLOURS[phase]} data-testid={testId}>
      {t(`survey.phase.${phase}`)}
    </Tag>
  );
}

/**
 * /survey/cjwj, Create survey: the caller's surveys (every survey with the administrators' right). A draft is
 * designed, previewed, copied and published (to classes, people or publicly by link and QR code: with the
 * publishing right only, spec 6); a published one is put out of use or back, shared, or withdrawn while
 * nobody has answered; its questions are locked once it has answers.
 */
export default function DesignPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const allowed = usePermission();
  const canPublish = allowed({ permissions: [SURVEY_PERMISSIONS.publish] });
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [publishing, setPublishing] = useState<SurveyRow | null>(null);
  const [share, setShare] = useState<{ key: string; title: string } | null>(null);

  const act = async (url: string, body: object, reload: () => void) => {
    try {
      feedback().message.success(await surveyAction(url, body));
    } catch {
      // The request client has shown why.
    } finally {
      reload();
    }
  };
  const edit = async (row: SurveyRow) => {
    try {
      setEditor({ mode: 'edit', survey: await fetchSurvey(row.id) });
    } catch {
      // Shown by the request client.
    }
  };
  const openShare = async (row: SurveyRow) => {
    try {
      const detail = await fetchSurvey(row.id);
      setShare({ key: detail.publicKey, title: row.title });
    } catch {
      // Shown by the request client.
    }
  };
  const startPublish = (row: SurveyRow) => {
    // The server refuses too; saying it here spares filling the dialog in vain.
    if (!canPublish) feedback().message.warning(t('survey.noRightPublish'));
    else setPublishing(row);
  };

  return (
    <ManagePage<SurveyRow, SearchForm>
      permission={SURVEY_PERMISSIONS.design}
      listUrl={SURVEY_CALLS.designPage}
      title={routeTitle(route, i18n.language)}
      onAdd={() => setEditor({ mode: 'add' })}
      toSearch={(values) => ({ keyword: values.keyword?.trim() ?? '', phase: values.phase ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('surveys.title')}>
            <Input allowClear maxLength={50} data-testid="survey-search-keyword" />
          </Form.Item>
          <Form.Item name="phase" label={t('surveys.phase')}>
            <Select allowClear placeholder={t('manage.all')} style={{ width: 130 }} options={SURVEY_PHASES.map((phase) => ({ value: phase, label: t(`survey.phase.${phase}`) }))} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'title', dataIndex: 'title', title: t('surveys.title'), sorter: true, width: 220 },
        { key: 'phase', dataIndex: 'phase', title: t('surveys.phase'), width: 100, render: (phase: SurveyPhase, row: SurveyRow) => <PhaseTag phase={phase} testId={`survey-phase-${row.id}`} /> },
        {
          key: 'kind',
          title: t('surveys.kind'),
          width: 150,
          render: (_: unknown, row: SurveyRow) => (
            <>
              <Tag color={row.anonymous ? 'green' : 'blue'}>{row.anonymous ? t('surveys.anonymous') : t('surveys.named')}</Tag>
              {row.isPublic && <Tag color="purple">{t('surveys.public')}</Tag>}
            </>
          ),
        },
        { key: 'startsAt', dataIndex: 'startsAt', title: t('surveys.windowLabel'), sorter: true, width: 260, render: (_: unknown, row: SurveyRow) => `${row.startsAt} ~ ${row.endsAt}` },
        { key: 'questionCount', dataIndex: 'questionCount', title: t('surveys.questions'), width: 80 },
        {
          key: 'responseCount',
          dataIndex: 'responseCount',
          title: t('surveys.responses'),
          sorter: true,
          width: 110,
          render: (_: unknown, row: SurveyRow) => (row.recipientTotal ? `${row.responseCount} / ${row.recipientTotal}` : row.responseCount),
        },
        { key: 'ownerName', dataIndex: 'ownerName', title: t('surveys.owner'), width: 110 },
        { key: 'updatedAt', dataIndex: 'updatedAt', title: t('surveys.updatedAt'), sorter: true, width: 150 },
      ]}
      actionsWidth={phone ? 160 : i18n.language === 'en' ? 420 : 340}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          {canEdit && (
            <Button type="link" size="small" onClick={() => void edit(row)} data-testid={`survey-edit-${row.id}`}>
              {t('manage.edit')}
            </Button>
          )}
          <Button type="link" size="small" icon={<EyeOutlined />} href={`${SURVEY_URLS.preview}?id=${row.id}`} target="_blank" data-testid={`survey-preview-${row.id}`}>
            {t('surveys.preview')}
          </Button>
          {canEdit && (
            <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => void act(SURVEY_CALLS.copy, { id: row.id }, reload)} data-testid={`survey-copy-${row.id}`}>
              {t('surveys.copy')}
            </Button>
          )}
          {canEdit && !row.published && (
            <Button type="link" size="small" icon={<SendOutlined />} onClick={() => startPublish(row)} data-testid={`survey-publish-${row.id}`}>
              {t('surveys.publish')}
            </Button>
          )}
          {row.isPublic && (
            <Button type="link" size="small" icon={<QrcodeOutlined />} onClick={() => void openShare(row)} data-testid={`survey-share-${row.id}`}>
              {t('surveys.share')}
            </Button>
          )}
          {canEdit && row.published && (
            <Button type="link" size="small" onClick={() => void act(SURVEY_CALLS.use, { id: row.id, inUse: !row.inUse }, reload)} data-testid={`survey-use-${row.id}`}>
              {row.inUse ? t('surveys.stopUse') : t('surveys.resumeUse')}
            </Button>
          )}
          {canPublish && row.published && row.responseCount === 0 && (
            <Button type="link" size="small" onClick={() => void act(SURVEY_CALLS.unpublish, { id: row.id }, reload)} data-testid={`survey-unpublish-${row.id}`}>
              {t('surveys.unpublish')}
            </Button>
          )}
          {canDelete && !(row.published && row.responseCount > 0) && (
            <DeleteButton type="link" size="small" url={SURVEY_CALLS.remove} param={{ ids: [row.id] }} text={t('surveys.deleteConfirm', { title: row.title })} onSuccess={reload} data-testid={`survey-delete-${row.id}`} />
          )}
        </>
      )}
      data-testid="survey-design-page"
    >
      {({ reload }) => (
        <>
          <SurveyEditor state={editor} onClose={() => setEditor(null)} onSaved={reload} />
          <PublishDialog
            survey={publishing}
            onClose={() => setPublishing(null)}
            onPublished={(key) => {
              reload();
              if (key && publishing) setShare({ key, title: publishing.title });
            }}
          />
          <ShareDialog publicKey={share?.key ?? null} title={share?.title ?? ''} onClose={() => setShare(null)} />
        </>
      )}
    </ManagePage>
  );
}
