import { useMemo, useState } from 'react';
import { Button, Empty, Progress, Result, Select, Spin, Table, Tag, Tooltip, type ButtonProps, type TableColumnsType } from 'antd';
import { BarChartOutlined, CloseCircleOutlined, EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EvaluationTheme } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { ProgressDialog } from './ProgressDialog.tsx';
import { ThemeDialog, type ThemeDialogState } from './ThemeDialog.tsx';
import { EMPTY_THEME_LIST, THEME_CALLS, errorMessage, fetchThemes, releaseThemes, themeKeys, type GradeChoice } from './termMaintainCalls.ts';
import { PERIOD_COLOURS, TYPE_COLOURS, itemHint, percentOf } from './themeModel.ts';
import './termMaintain.css';

/**
 * /xspj/qmpjwh, End-of-term evaluation setup: the academic office sets up a term's evaluation themes (moral,
 * academic, health, art, practice, the class teacher's comment), each with its content items (text, enum or
 * number answers), for some grades and a filling period; follows their filling class by class, and releases
 * a theme to students and parents (or hides it again). A theme with answers is refused deletion by the server.
 */
export default function TermMaintainPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [termId, setTermId] = useState<number | undefined>();
  const [dialog, setDialog] = useState<ThemeDialogState | null>(null);
  const [progressOf, setProgressOf] = useState<EvaluationTheme | null>(null);

  const themes = useQuery({
    queryKey: themeKeys.list(termId),
    queryFn: ({ signal }) => fetchThemes(termId, signal),
    placeholderData: keepPreviousData,
  });
  const data = themes.data ?? EMPTY_THEME_LIST;
  const loading = themes.isPending || themes.isPlaceholderData;
  // The terms stay choosable when a term's list fails to load (another one can still be chosen).
  const [knownTerms, setKnownTerms] = useState(data.terms);
  if (data.terms.length && data.terms !== knownTerms) setKnownTerms(data.terms);
  const terms = data.terms.length ? data.terms : knownTerms;
  const term = termId ?? data.termId ?? terms.find((item) => item.isCurrent)?.id ?? terms[0]?.id;
  const termName = terms.find((item) => item.id === term)?.name ?? '';

  // The list answers the school's grades; should it not, those the term's themes name are offered.
  const gradeChoices = useMemo<GradeChoice[]>(() => {
    if (data.grades.length) return data.grades;
    const known = new Map<number, string>();
    for (const theme of data.themes) theme.gradeIds.forEach((id, index) => known.set(id, theme.gradeNames[index] ?? String(id)));
    return [...known].map(([id, name]) => ({ id, name }));
  }, [data.grades, data.themes]);
  const gradesMissing = themes.isSuccess && !data.grades.length;

  const reload = () => void queryClient.invalidateQueries({ queryKey: themeKeys.all });

  /** Releases a theme to students and parents or hides it again, after confirming. */
  const confirmRelease = (theme: EvaluationTheme, released: boolean) => {
    feedback().modal.confirm({
      title: t(released ? 'termMaintainPage.releaseTitle' : 'termMaintainPage.withdrawTitle', { name: theme.name }),
      content: t(released ? 'termMaintainPage.releaseConfirm' : 'termMaintainPage.withdrawConfirm'),
      okText: t(released ? 'termMaintainPage.release' : 'termMaintainPage.withdraw'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'evaluation-release-ok' } as ButtonProps,
      onOk: async () => {
        try {
          const msg = await releaseThemes([theme.id], released);
          feedback().message.success(msg || t(released ? 'termMaintainPage.released' : 'termMaintainPage.withdrawn'));
        } catch {
          // The request client has shown the server's message.
        } finally {
          reload();
        }
      },
    });
  };

  const columns: TableColumnsType<EvaluationTheme> = [
    {
      key: 'name',
      title: t('termMaintainPage.col.name'),
      width: 200,
      render: (_: unknown, theme) => (
        <div className="evaluation-theme-name">
          <span className="evaluation-strong">{theme.name}</span>
          <Tooltip
            title={
              <ul className="evaluation-items-tip">
                {theme.items.map((item) => {
                  const hint = itemHint(item);
                  return (
                    <li key={item.id}>
                      {item.name}
                      {item.required ? ' *' : ''} · {t(`termMaintainPage.kind.${item.kind}`)} · {t(hint.key, hint.values)}
                    </li>
                  );
                })}
              </ul>
            }
          >
            <span className="evaluation-muted evaluation-small" tabIndex={0} data-testid={`evaluation-theme-items-${theme.id}`}>
              {t('termMaintainPage.itemCount', { count: theme.items.length })}
            </span>
          </Tooltip>
          {theme.remarks && <span className="evaluation-muted evaluation-small evaluation-remarks">{theme.remarks}</span>}
        </div>
      ),
    },
    {
      key: 'type',
      title: t('termMaintainPage.col.type'),
      width: 120,
      render: (_: unknown, theme) => (
        <Tag color={TYPE_COLOURS[theme.type]} className="evaluation-tag" data-testid={`evaluation-theme-type-${theme.id}`}>
          {t(`termMaintainPage.type.${theme.type}`)}
        </Tag>
      ),
    },
    { key: 'grades', title: t('termMaintainPage.col.grades'), width: 150, render: (_: unknown, theme) => theme.gradeNames.join(i18n.language === 'en' ? ', ' : '\u3001') || '—' },
    {
      key: 'period',
      title: t('termMaintainPage.col.period'),
      width: 200,
      render: (_: unknown, theme) => (
        <div className="evaluation-period" data-testid={`evaluation-theme-period-${theme.id}`}>
          <span className="evaluation-nowrap">
            {theme.fillStart} ~ {theme.fillEnd}
          </span>
          <Tag color={PERIOD_COLOURS[theme.period]} className="evaluation-tag">
            {t(`termMaintainPage.period.${theme.period}`)}
          </Tag>
        </div>
      ),
    },
    {
      key: 'released',
      title: t('termMaintainPage.col.released'),
      width: 130,
      render: (_: unknown, theme) =>
        theme.released ? (
          <div className="evaluation-released" data-testid={`evaluation-theme-released-${theme.id}`}>
            <Tag color="green" className="evaluation-tag">
              {t('termMaintainPage.isReleased')}
            </Tag>
            {theme.releasedAt && <span className="evaluation-muted evaluation-small evaluation-nowrap">{theme.releasedAt}</span>}
          </div>
        ) : (
          <Tag className="evaluation-tag" data-testid={`evaluation-theme-released-${theme.id}`}>
            {t('termMaintainPage.notReleased')}
          </Tag>
        ),
    },
    {
      key: 'progress',
      title: t('termMaintainPage.col.progress'),
      width: 170,
      render: (_: unknown, theme) => (
        <div className="evaluation-progress" data-testid={`evaluation-theme-progress-${theme.id}`}>
          <Progress percent={percentOf(theme.filled, theme.students)} size="small" showInfo={false} status={theme.students > 0 && theme.filled >= theme.students ? 'success' : 'normal'} />
          <span className="evaluation-progress-text">
            {theme.filled} / {theme.students}
          </span>
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('termMaintainPage.col.actions'),
      width: phone ? 130 : i18n.language === 'en' ? 330 : 280,
      fixed: 'right',
      render: (_: unknown, theme) => (
        <div className="evaluation-actions">
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ mode: 'edit', theme })} data-testid={`evaluation-theme-edit-${theme.id}`}>
            {t('termMaintainPage.edit')}
          </Button>
          {theme.released ? (
            <Button type="link" size="small" icon={<CloseCircleOutlined />} onClick={() => confirmRelease(theme, false)} data-testid={`evaluation-theme-withdraw-${theme.id}`}>
              {t('termMaintainPage.withdraw')}
            </Button>
          ) : (
            <Button type="link" size="small" icon={<SendOutlined />} onClick={() => confirmRelease(theme, true)} data-testid={`evaluation-theme-release-${theme.id}`}>
              {t('termMaintainPage.release')}
            </Button>
          )}
          <Button type="link" size="small" icon={<BarChartOutlined />} onClick={() => setProgressOf(theme)} data-testid={`evaluation-theme-progress-open-${theme.id}`}>
            {t('termMaintainPage.progress')}
          </Button>
          <DeleteButton
            type="link"
            size="small"
            url={THEME_CALLS.delete}
            param={{ ids: [theme.id] }}
            text={t('termMaintainPage.deleteConfirm', { name: theme.name })}
            onSuccess={reload}
            data-testid={`evaluation-theme-delete-${theme.id}`}
          />
        </div>
      ),
    },
  ];

  let body;
  if (loading) {
    body = (
      <div className="evaluation-loading" data-testid="evaluation-themes-loading">
        <Spin />
      </div>
    );
  } else if (themes.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(themes.error) || t('termMaintainPage.loadFailed')}
        extra={
          <Button onClick={() => void themes.refetch()} data-testid="evaluation-themes-retry">
            {t('common.retry')}
          </Button>
        }
        data-testid="evaluation-themes-error"
      />
    );
  } else if (!data.themes.length) {
    body = <Empty description={t('termMaintainPage.noThemes')} data-testid="evaluation-themes-empty" />;
  } else {
    body = (
      <div data-testid="evaluation-themes-table">
        <Table<EvaluationTheme> rowKey="id" size="middle" pagination={false} dataSource={data.themes} columns={columns} loading={themes.isFetching} scroll={{ x: 'max-content' }} />
      </div>
    );
  }

  return (
    <div className="evaluation-page" data-testid="evaluation-maintain-page">
      <div className="evaluation-bar">
        <div className="evaluation-title">{routeTitle(route, i18n.language)}</div>
        <label className="evaluation-field evaluation-bar-end">
          <span className="evaluation-label">{t('termMaintainPage.term')}</span>
          <Select<number>
            value={term}
            loading={themes.isPending}
            disabled={!terms.length}
            options={terms.map((item) => ({ value: item.id, label: item.name }))}
            onChange={setTermId}
            placeholder={t('termMaintainPage.termPlaceholder')}
            popupMatchSelectWidth={false}
            className="evaluation-term-select"
            aria-label={t('termMaintainPage.term')}
            data-testid="evaluation-maintain-term"
          />
        </label>
        <Button type="primary" icon={<PlusOutlined />} disabled={!term} onClick={() => setDialog({ mode: 'add' })} data-testid="evaluation-theme-add">
          {t('termMaintainPage.add')}
        </Button>
      </div>
      <section className="evaluation-section">
        <p className="evaluation-muted evaluation-intro">{t('termMaintainPage.intro')}</p>
        {body}
      </section>
      <ThemeDialog dialog={dialog} termId={term} termName={termName} grades={gradeChoices} gradesMissing={gradesMissing} onClose={() => setDialog(null)} onSaved={reload} />
      <ProgressDialog theme={progressOf} onClose={() => setProgressOf(null)} />
    </div>
  );
}
