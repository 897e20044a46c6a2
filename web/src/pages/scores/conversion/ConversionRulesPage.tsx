import { useState } from 'react';
import { Form, Input, Tabs, Tag, Tooltip } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConversionLevel, ConversionRuleRow, ScoreSystemRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { SCORE_RULE_CALLS, SCORE_RULE_PERMISSION, SCORE_SYSTEM_CALLS, fetchRuleChoices } from '../../../api/scores.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { EnabledFilter, ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { levelLabel, RuleDialog, type RuleDialogState } from './RuleForm.tsx';
import { SystemDialog, type SystemDialogState } from './SystemForm.tsx';
import { RULE_CHOICES_KEY } from './scoreCalls.ts';
import './conversionRules.css';

interface RuleSearchForm {
  keyword?: string;
  /** 'true', 'false' or none (both), as the enabled filter gives it. */
  enabled?: 'true' | 'false';
}

interface SystemSearchForm {
  keyword?: string;
}

export const toRuleSearch = (values: RuleSearchForm): Record<string, unknown> => ({
  keyword: values.keyword?.trim() ?? '',
  ...(values.enabled ? { enabled: values.enabled === 'true' } : {}),
});

export const toSystemSearch = (values: SystemSearchForm): Record<string, unknown> => ({ keyword: values.keyword?.trim() ?? '' });

/** Dark text on a light colour, white on a dark one. */
export function textOn(colour: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return 'inherit';
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 160 ? 'rgba(0, 0, 0, 0.88)' : '#fff';
}

/** The operation column: view, modify and delete on one line, wider for the English words. */
const actionsWidth = (phone: boolean, language: string) => (phone ? 120 : language === 'en' ? 240 : 200);

/**
 * /cjgl/hsgz, Conversion rules: the conversion rules (levels with their score bands, converted scores, colours and
 * rank bands) and the score systems (full mark, pass / good / excellent lines, conversion rule), one tab each.
 * A rule a system or a batch uses, and a system with scores, are refused deletion by the server.
 */
export default function ConversionRulesPage(_props: PageProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      className="score-rule-tabs"
      destroyOnHidden
      items={[
        { key: 'rules', label: <span data-testid="score-rule-tab-rules">{t('scoreRulePage.tabRules')}</span>, children: <RulesList /> },
        { key: 'systems', label: <span data-testid="score-rule-tab-systems">{t('scoreRulePage.tabSystems')}</span>, children: <SystemsList /> },
      ]}
    />
  );
}

/** A level as a tag in its colour, its rank band in the tooltip; a level not used is struck through. */
function LevelTag({ level }: { level: ConversionLevel }) {
  const { t } = useTranslation();
  const tip = `${t('scoreRulePage.levelRates', { lowest: level.lowestRate, highest: level.highestRate })}${level.enabled ? '' : ` · ${t('scoreRulePage.levelOff')}`}`;
  return (
    <Tooltip title={tip}>
      <Tag
        className={level.enabled ? 'score-rule-level' : 'score-rule-level score-rule-level-off'}
        style={{ background: level.colour, borderColor: level.colour, color: textOn(level.colour) }}
        tabIndex={0}
        aria-label={`${levelLabel(level)}, ${tip}`}
      >
        {levelLabel(level)}
      </Tag>
    </Tooltip>
  );
}

function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag className="score-rule-tag" color={enabled ? 'green' : undefined}>
      {t(enabled ? 'manage.enabled' : 'manage.disabled')}
    </Tag>
  );
}

function RulesList() {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<RuleDialogState | null>(null);
  // The score systems' rule choice follows the rules saved and deleted here.
  const changed = (reload: () => void) => () => {
    void queryClient.invalidateQueries({ queryKey: RULE_CHOICES_KEY });
    reload();
  };

  return (
    <ManagePage<ConversionRuleRow, RuleSearchForm>
      permission={SCORE_RULE_PERMISSION}
      listUrl={SCORE_RULE_CALLS.page}
      title={t('scoreRulePage.tabRules')}
      exportUrl={SCORE_RULE_CALLS.export}
      exportName={t('scoreRule.exportName')}
      deleteUrl={SCORE_RULE_CALLS.delete}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={toRuleSearch}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('scoreRulePage.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('scoreRulePage.ruleKeywordPlaceholder')} data-testid="score-rule-search-keyword" />
          </Form.Item>
          <Form.Item name="enabled" label={t('scoreRule.col.enabled')}>
            <EnabledFilter data-testid="score-rule-search-enabled" />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('scoreRule.col.name'), sorter: true, width: 150 },
        {
          key: 'levels',
          title: t('scoreRule.col.levels'),
          width: 330,
          render: (_: unknown, row: ConversionRuleRow) =>
            row.levels.length ? (
              <div className="score-rule-levels" data-testid={`score-rule-levels-${row.id}`}>
                {row.levels.map((level) => (
                  <LevelTag key={level.name} level={level} />
                ))}
              </div>
            ) : (
              '—'
            ),
        },
        { key: 'enabled', dataIndex: 'enabled', title: t('scoreRule.col.enabled'), width: 90, render: (enabled: boolean) => <EnabledTag enabled={enabled} /> },
        {
          key: 'systems',
          dataIndex: 'systems',
          title: t('scoreRulePage.systemsColumn'),
          width: 90,
          align: 'right',
          render: (systems: number, row: ConversionRuleRow) => <span data-testid={`score-rule-systems-${row.id}`}>{systems}</span>,
        },
        { key: 'updatedAt', dataIndex: 'updatedAt', title: t('scoreRulePage.updatedAt'), sorter: true, width: 150, render: (value: string) => <span className="score-rule-nowrap">{value}</span> },
      ]}
      actionsWidth={actionsWidth(phone, i18n.language)}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions
            onView={() => setDialog({ mode: 'view', row })}
            onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined}
            viewTestId={`score-rule-view-${row.id}`}
            editTestId={`score-rule-edit-${row.id}`}
          />
          {canDelete && <DeleteButton type="link" size="small" url={SCORE_RULE_CALLS.delete} param={{ ids: [row.id] }} onSuccess={changed(reload)} data-testid={`score-rule-delete-${row.id}`} />}
        </>
      )}
      data-testid="score-rules-page"
    >
      {({ reload }) => <RuleDialog dialog={dialog} onClose={() => setDialog(null)} onSaved={changed(reload)} />}
    </ManagePage>
  );
}

function SystemsList() {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const [dialog, setDialog] = useState<SystemDialogState | null>(null);
  // Asked again each time the tab opens: rules may have changed on the other tab.
  const rules = useQuery({ queryKey: RULE_CHOICES_KEY, queryFn: ({ signal }) => fetchRuleChoices(signal) });
  const line = (value: number) => <span className="score-rule-nowrap">{value}</span>;

  return (
    <ManagePage<ScoreSystemRow, SystemSearchForm>
      permission={SCORE_RULE_PERMISSION}
      listUrl={SCORE_SYSTEM_CALLS.page}
      title={t('scoreRulePage.tabSystems')}
      exportUrl={SCORE_SYSTEM_CALLS.export}
      exportName={t('scoreSystem.exportName')}
      deleteUrl={SCORE_SYSTEM_CALLS.delete}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={toSystemSearch}
      searchFields={() => (
        <Form.Item name="keyword" label={t('scoreRulePage.keyword')}>
          <Input allowClear maxLength={50} placeholder={t('scoreRulePage.systemKeywordPlaceholder')} data-testid="score-system-search-keyword" />
        </Form.Item>
      )}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('scoreSystem.col.name'), sorter: true, width: 140 },
        { key: 'fullMark', dataIndex: 'fullMark', title: t('scoreSystem.col.fullMark'), sorter: true, width: 80, align: 'right' },
        { key: 'passLine', dataIndex: 'passLine', title: t('scoreRulePage.passLine'), width: 80, align: 'right', render: line },
        { key: 'goodLine', dataIndex: 'goodLine', title: t('scoreRulePage.goodLine'), width: 80, align: 'right', render: line },
        { key: 'excellentLine', dataIndex: 'excellentLine', title: t('scoreRulePage.excellentLine'), width: 90, align: 'right', render: line },
        {
          key: 'conversionRuleName',
          dataIndex: 'conversionRuleName',
          title: t('scoreSystem.col.rule'),
          width: 150,
          render: (name: string) => name || <span className="score-rule-muted">{t('scoreRulePage.noRule')}</span>,
        },
        { key: 'enabled', dataIndex: 'enabled', title: t('scoreSystem.col.enabled'), width: 80, render: (enabled: boolean) => <EnabledTag enabled={enabled} /> },
        {
          key: 'inUse',
          dataIndex: 'inUse',
          title: t('scoreRulePage.inUseColumn'),
          width: 90,
          render: (inUse: boolean, row: ScoreSystemRow) =>
            inUse ? (
              <Tag className="score-rule-tag" color="orange" data-testid={`score-system-in-use-${row.id}`}>
                {t('scoreRulePage.inUse')}
              </Tag>
            ) : (
              '—'
            ),
        },
      ]}
      actionsWidth={actionsWidth(phone, i18n.language)}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions
            onView={() => setDialog({ mode: 'view', row })}
            onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined}
            viewTestId={`score-system-view-${row.id}`}
            editTestId={`score-system-edit-${row.id}`}
          />
          {canDelete && <DeleteButton type="link" size="small" url={SCORE_SYSTEM_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`score-system-delete-${row.id}`} />}
        </>
      )}
      data-testid="score-systems-page"
    >
      {({ reload }) => <SystemDialog dialog={dialog} rules={rules.data ?? []} onClose={() => setDialog(null)} onSaved={reload} />}
    </ManagePage>
  );
}
