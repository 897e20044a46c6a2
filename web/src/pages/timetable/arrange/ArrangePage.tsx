import { useState } from 'react';
import { Select, Spin, Tabs, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { EMPTY_ARRANGE_OPTIONS, arrangeKeys, fetchArrangeOptions } from '../../../api/timetableArrange.ts';
import { AvailabilityTab } from './AvailabilityTab.tsx';
import { DraftsTab } from './DraftsTab.tsx';
import { EditorTab } from './EditorTab.tsx';
import { PlanTab } from './PlanTab.tsx';
import './arrange.css';

type TabKey = 'drafts' | 'editor' | 'plan' | 'availability';

/**
 * Timetable arrangement (/kbgl/pkgl): the academic office makes a term's timetable. A term on top (the current one first);
 * tabs for its drafts, the chosen draft's editor (generation, conflicts, publishing, the class, teacher and
 * room grids where lessons are dragged), the teaching plan and the teachers' unavailable periods.
 */
export default function ArrangePage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const [termChoice, setTermChoice] = useState<number | undefined>();
  const [tab, setTab] = useState<TabKey>('drafts');
  const [draftId, setDraftId] = useState<number | null>(null);
  const options = useQuery({ queryKey: arrangeKeys.options(termChoice), queryFn: ({ signal }) => fetchArrangeOptions(termChoice, signal), placeholderData: keepPreviousData });

  if (options.isPending) {
    return (
      <div className="arrange-loading">
        <Spin />
      </div>
    );
  }
  const data = options.data ?? EMPTY_ARRANGE_OPTIONS;
  const termId = data.termId;

  const open = (id: number) => {
    setDraftId(id);
    setTab('editor');
  };

  return (
    <div className="arrange-page" data-testid="arrange-page">
      <div className="arrange-page-head">
        <Typography.Title level={4} className="arrange-page-title">
          {routeTitle(route, i18n.language)}
        </Typography.Title>
        <label className="arrange-term">
          <span>{t('arrangeUi.term')}</span>
          <Select
            value={termId || undefined}
            onChange={(value: number) => {
              setTermChoice(value);
              setDraftId(null);
              setTab((current) => (current === 'editor' ? 'drafts' : current));
            }}
            options={data.terms.map((term) => ({ value: term.id, label: term.isCurrent ? t('arrangeUi.currentTerm', { name: term.name }) : term.name }))}
            className="arrange-term-select"
            loading={options.isFetching}
            data-testid="arrange-term"
          />
        </label>
      </div>
      {termId ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          items={[
            { key: 'drafts', label: <span data-testid="arrange-tab-drafts">{t('arrangeUi.tab.drafts')}</span>, children: <DraftsTab termId={termId} options={data} onOpen={open} english={english} /> },
            {
              key: 'editor',
              label: <span data-testid="arrange-tab-editor">{t('arrangeUi.tab.editor')}</span>,
              children: <EditorTab draftId={draftId} options={data} onList={() => setTab('drafts')} />,
            },
            { key: 'plan', label: <span data-testid="arrange-tab-plan">{t('arrangeUi.tab.plan')}</span>, children: <PlanTab termId={termId} options={data} english={english} /> },
            {
              key: 'availability',
              label: <span data-testid="arrange-tab-availability">{t('arrangeUi.tab.availability')}</span>,
              children: <AvailabilityTab termId={termId} options={data} />,
            },
          ]}
          destroyOnHidden={false}
        />
      ) : (
        <Typography.Text type="secondary">{t('arrangeUi.noTerm')}</Typography.Text>
      )}
    </div>
  );
}
