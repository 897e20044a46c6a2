import { useState } from 'react';
import { Button, Form, Input, Select, Space, Spin, Tag, Tooltip, type ButtonProps } from 'antd';
import { CloseCircleOutlined, EditOutlined, SendOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExternalExamRow, ExternalOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { ExternalExamDialog, type ExternalDialogState } from './ExternalExamForm.tsx';
import { ScoresPanel } from './ScoresPanel.tsx';
import { EMPTY_EXTERNAL_OPTIONS, EXTERNAL_CALLS, EXTERNAL_PERMISSION, externalKeys, fetchExternalOptions, releaseExternalExams, type ExternalSearch } from './externalCalls.ts';
import './externalScores.css';

interface SearchForm {
  keyword?: string;
  termId?: number;
  gradeId?: number;
}

export const toSearch = (values: SearchForm): ExternalSearch & Record<string, unknown> => ({
  keyword: values.keyword?.trim() ?? '',
  termId: values.termId ?? '',
  gradeId: values.gradeId ?? '',
});

/**
 * /cjglNew/xwcj/kscjwh, External exam scores: exams held outside the school (a district's joint exam, a
 * city's mock) with their subjects and full marks; the students' scores entered in a grid or imported from the
 * organiser's Excel with the place the organiser gave; released, students and parents see them on their
 * transcript page and the exam only shows until the release is cancelled.
 */
export default function ExternalScoresPage({ route }: PageProps) {
  const options = useQuery({ queryKey: externalKeys.options, queryFn: ({ signal }) => fetchExternalOptions(signal) });
  if (options.isPending) {
    return (
      <div className="external-loading">
        <Spin />
      </div>
    );
  }
  return <ExternalExams route={route} options={options.data ?? EMPTY_EXTERNAL_OPTIONS} />;
}

function ExternalExams({ route, options }: PageProps & { options: ExternalOptions }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: [`${EXTERNAL_PERMISSION}:edit`] });
  const canDelete = allowed({ permissions: [`${EXTERNAL_PERMISSION}:delete`] });
  const [dialog, setDialog] = useState<ExternalDialogState | null>(null);
  const [scoresOf, setScoresOf] = useState<ExternalExamRow | null>(null);
  const currentTerm = options.terms.find((term) => term.isCurrent);
  const byName = (list: { id: number; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));

  const confirmRelease = (row: ExternalExamRow, released: boolean, reload: () => void) => {
    feedback().modal.confirm({
      title: t(released ? 'externalPage.releaseTitle' : 'externalPage.unreleaseTitle', { name: row.name }),
      content: t(released ? 'externalPage.releaseConfirm' : 'externalPage.unreleaseConfirm'),
      okText: t(released ? 'externalPage.release' : 'externalPage.unrelease'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'external-release-ok' } as ButtonProps,
      onOk: async () => {
        try {
          feedback().message.success(await releaseExternalExams([row.id], released));
          reload();
        } catch {
          // The request client has shown the server's message.
        }
      },
    });
  };

  return (
    <ManagePage<ExternalExamRow, SearchForm>
      permission={EXTERNAL_PERMISSION}
      listUrl={EXTERNAL_CALLS.page}
      title={routeTitle(route, i18n.language)}
      deleteUrl={canDelete ? EXTERNAL_CALLS.delete : undefined}
      onAdd={() => setDialog({ mode: 'add' })}
      initialSearch={{ termId: currentTerm?.id }}
      toSearch={toSearch}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('externalPage.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('externalPage.keywordPlaceholder')} data-testid="external-search-keyword" />
          </Form.Item>
          <Form.Item name="termId" label={t('externalPage.term')}>
            <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} data-testid="external-search-term" />
          </Form.Item>
          <Form.Item name="gradeId" label={t('externalPage.grade')}>
            <Select allowClear options={byName(options.grades)} placeholder={t('manage.all')} style={{ width: 120 }} data-testid="external-search-grade" />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('externalPage.name'),
          sorter: true,
          width: 200,
          render: (name: string, row: ExternalExamRow) => (
            <div className="external-name">
              <span>{name}</span>
              <span className="external-muted external-small">{row.termName}</span>
            </div>
          ),
        },
        { key: 'organiser', dataIndex: 'organiser', title: t('externalPage.organiser'), width: 130 },
        { key: 'examDate', dataIndex: 'examDate', title: t('externalPage.examDate'), sorter: true, width: 110, render: (date: string) => <span className="external-nowrap">{date}</span> },
        { key: 'gradeName', dataIndex: 'gradeName', title: t('externalPage.grade'), sorter: true, width: 80 },
        {
          key: 'subjects',
          title: t('externalPage.subjects'),
          width: 230,
          render: (_: unknown, row: ExternalExamRow) =>
            row.subjects.length ? (
              <Space size={[4, 4]} wrap data-testid={`external-subjects-${row.id}`}>
                {row.subjects.map((subject) => (
                  <Tag key={subject.courseId} className="external-tag">
                    {t('externalPage.subjectTag', { name: subject.courseName, full: subject.fullMark })}
                  </Tag>
                ))}
              </Space>
            ) : (
              '—'
            ),
        },
        {
          key: 'entered',
          title: t('externalPage.entered'),
          width: 110,
          align: 'right',
          render: (_: unknown, row: ExternalExamRow) => (
            <span className={row.students > 0 && row.entered >= row.students ? 'external-nowrap external-complete' : 'external-nowrap'} data-testid={`external-entered-${row.id}`}>
              {row.entered} / {row.students}
            </span>
          ),
        },
        {
          key: 'released',
          title: t('externalPage.released'),
          width: 150,
          render: (_: unknown, row: ExternalExamRow) =>
            row.released ? (
              <div className="external-released" data-testid={`external-released-${row.id}`}>
                <Tag color="green" className="external-tag">
                  {t('externalPage.releasedYes')}
                </Tag>
                {row.releasedAt && <span className="external-muted external-nowrap">{row.releasedAt}</span>}
              </div>
            ) : (
              <Tag className="external-tag" data-testid={`external-released-${row.id}`}>
                {t('externalPage.releasedNo')}
              </Tag>
            ),
        },
      ]}
      actionsWidth={phone ? 130 : i18n.language === 'en' ? 330 : 260}
      rowActions={(row, { canEdit: mayEdit, canDelete: mayDelete, reload }) => {
        const locked = row.released ? t('externalPage.releasedLocked') : undefined;
        return (
          <>
            <Button type="link" size="small" icon={<TableOutlined />} onClick={() => setScoresOf(row)} data-testid={`external-scores-${row.id}`}>
              {t('externalPage.scores')}
            </Button>
            {mayEdit && (
              <Tooltip title={locked}>
                <Button type="link" size="small" icon={<EditOutlined />} disabled={row.released} onClick={() => setDialog({ mode: 'edit', row })} data-testid={`external-edit-${row.id}`}>
                  {t('manage.edit')}
                </Button>
              </Tooltip>
            )}
            {mayEdit && !row.released && (
              <Button type="link" size="small" icon={<SendOutlined />} onClick={() => confirmRelease(row, true, reload)} data-testid={`external-release-${row.id}`}>
                {t('externalPage.release')}
              </Button>
            )}
            {mayEdit && row.released && (
              <Button type="link" size="small" icon={<CloseCircleOutlined />} onClick={() => confirmRelease(row, false, reload)} data-testid={`external-unrelease-${row.id}`}>
                {t('externalPage.unrelease')}
              </Button>
            )}
            {mayDelete && (
              <Tooltip title={locked}>
                <span className="external-action">
                  <DeleteButton type="link" size="small" disabled={row.released} url={EXTERNAL_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`external-delete-${row.id}`} />
                </span>
              </Tooltip>
            )}
          </>
        );
      }}
      data-testid="external-scores-page"
    >
      {({ reload }) => (
        <>
          <ExternalExamDialog dialog={dialog} options={options} onClose={() => setDialog(null)} onSaved={reload} />
          <ScoresPanel exam={scoresOf} options={options} canEdit={canEdit} onClose={() => setScoresOf(null)} onChanged={reload} />
        </>
      )}
    </ManagePage>
  );
}
