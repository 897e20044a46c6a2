import { useState } from 'react';
import { Button, Empty, Result, Select, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnalysisSettingsBatch, AnalysisState } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { AnalysisSettingsDialog } from './AnalysisSettingsDialog.tsx';
import { EMPTY_ANALYSIS_SETTINGS, analysisSettingsKeys, errorMessage, fetchAnalysisSettings } from './analysisSettingsCalls.ts';
import './analysisSettings.css';

const STATE_COLOR: Record<AnalysisState, string | undefined> = { ready: 'green', pending: 'processing', failed: 'red', none: undefined };

/** The lines an exam uses, as a catalogue key with its values: the score systems' own, or its percents. */
export function linesText(batch: Pick<AnalysisSettingsBatch, 'custom' | 'passPercent' | 'goodPercent' | 'excellentPercent'>): { key: string; values?: Record<string, number | string> } {
  if (!batch.custom) return { key: 'analysisSettingsPage.linesSystem' };
  const shown = (value: number | null) => (value === null ? '—' : value);
  return { key: 'analysisSettingsPage.linesCustom', values: { pass: shown(batch.passPercent), good: shown(batch.goodPercent), excellent: shown(batch.excellentPercent) } };
}

/**
 * /cjfxNew/cjgl/ksfxsz, Exam analysis settings: the academic office sets, exam by exam, the pass, good and
 * excellent lines its analysis counts against: the score systems' own lines (the default), or whole percents
 * of each subject's full mark (a hard exam may pass at 50 %). A released exam is analysed again once saved.
 */
export default function AnalysisSettingsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [termId, setTermId] = useState<number | undefined>();
  const [editing, setEditing] = useState<AnalysisSettingsBatch | null>(null);

  const settings = useQuery({
    queryKey: analysisSettingsKeys.list(termId),
    queryFn: ({ signal }) => fetchAnalysisSettings(termId, signal),
    placeholderData: keepPreviousData,
  });
  const data = settings.data ?? EMPTY_ANALYSIS_SETTINGS;
  const loading = settings.isPending || settings.isPlaceholderData;
  // The terms stay choosable when a term's list fails to load (another one can still be chosen).
  const [knownTerms, setKnownTerms] = useState(data.terms);
  if (data.terms.length && data.terms !== knownTerms) setKnownTerms(data.terms);
  const terms = data.terms.length ? data.terms : knownTerms;
  const term = termId ?? terms.find((item) => item.isCurrent)?.id ?? terms[0]?.id;
  // The analysis computed from the lines is read again too (a released exam is analysed again).
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: analysisSettingsKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['scores', 'analysis'] });
  };

  const columns: TableColumnsType<AnalysisSettingsBatch> = [
    { key: 'name', dataIndex: 'name', title: t('analysisSettingsPage.col.name'), width: 220 },
    { key: 'gradeName', dataIndex: 'gradeName', title: t('analysisSettingsPage.col.grade'), width: 110 },
    { key: 'examNode', dataIndex: 'examNode', title: t('analysisSettingsPage.col.examNode'), width: 130, render: (value: string) => value || '—' },
    {
      key: 'released',
      title: t('analysisSettingsPage.col.released'),
      width: 110,
      render: (_: unknown, batch) => (
        <Tag color={batch.released ? 'green' : undefined} className="analysis-settings-tag" data-testid={`analysis-settings-released-${batch.id}`}>
          {batch.released ? t('analysisSettingsPage.released') : t('analysisSettingsPage.notReleased')}
        </Tag>
      ),
    },
    {
      key: 'state',
      title: t('analysisSettingsPage.col.state'),
      width: 120,
      render: (_: unknown, batch) =>
        batch.released ? (
          <Tag color={STATE_COLOR[batch.state]} className="analysis-settings-tag" data-testid={`analysis-settings-state-${batch.id}`}>
            {t(`analysisSettingsPage.state.${batch.state}`)}
          </Tag>
        ) : (
          <span className="analysis-settings-muted" data-testid={`analysis-settings-state-${batch.id}`}>
            —
          </span>
        ),
    },
    {
      key: 'lines',
      title: t('analysisSettingsPage.col.lines'),
      width: 300,
      render: (_: unknown, batch) => {
        const text = linesText(batch);
        return (
          <span className={batch.custom ? 'analysis-settings-lines is-custom' : 'analysis-settings-lines'} data-testid={`analysis-settings-lines-${batch.id}`}>
            {t(text.key, text.values)}
          </span>
        );
      },
    },
    {
      key: 'actions',
      title: t('analysisSettingsPage.col.actions'),
      width: phone ? 110 : 130,
      fixed: 'right',
      render: (_: unknown, batch) => (
        <Button type="link" size="small" icon={<SettingOutlined />} onClick={() => setEditing(batch)} data-testid={`analysis-settings-edit-${batch.id}`}>
          {t('analysisSettingsPage.edit')}
        </Button>
      ),
    },
  ];

  let body;
  if (loading) {
    body = (
      <div className="analysis-settings-loading" data-testid="analysis-settings-loading">
        <Spin />
      </div>
    );
  } else if (settings.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(settings.error) || t('analysisSettingsPage.loadFailed')}
        extra={
          <Button onClick={() => void settings.refetch()} data-testid="analysis-settings-retry">
            {t('common.retry')}
          </Button>
        }
        data-testid="analysis-settings-error"
      />
    );
  } else if (!data.batches.length) {
    body = <Empty description={t('analysisSettingsPage.noBatches')} data-testid="analysis-settings-empty" />;
  } else {
    body = (
      <div data-testid="analysis-settings-table">
        <Table<AnalysisSettingsBatch>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={data.batches}
          columns={columns}
          loading={settings.isFetching}
          scroll={{ x: 'max-content' }}
        />
      </div>
    );
  }

  return (
    <div className="analysis-settings-page" data-testid="analysis-settings-page">
      <div className="analysis-settings-bar">
        <div className="analysis-settings-title">{routeTitle(route, i18n.language)}</div>
        <label className="analysis-settings-term">
          <span className="analysis-settings-term-label">{t('analysisSettingsPage.term')}</span>
          <Select<number>
            value={term}
            loading={settings.isPending}
            disabled={!terms.length}
            options={terms.map((item) => ({ value: item.id, label: item.name }))}
            onChange={setTermId}
            placeholder={t('analysisSettingsPage.termPlaceholder')}
            popupMatchSelectWidth={false}
            className="analysis-settings-term-select"
            aria-label={t('analysisSettingsPage.term')}
            data-testid="analysis-settings-term"
          />
        </label>
      </div>
      <section className="analysis-settings-section">
        <p className="analysis-settings-muted analysis-settings-intro">{t('analysisSettingsPage.intro')}</p>
        {body}
      </section>
      <AnalysisSettingsDialog batch={editing} onClose={() => setEditing(null)} onSaved={reload} onRefused={reload} />
    </div>
  );
}
