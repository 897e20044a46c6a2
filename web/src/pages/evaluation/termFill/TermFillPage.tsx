import { useCallback, useRef, useState } from 'react';
import { Button, Empty, Result, Select, Spin, Tag, type ButtonProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EvaluationFillOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { PERIOD_COLOURS, TYPE_COLOURS } from '../termMaintain/themeModel.ts';
import { SheetPanel } from './SheetPanel.tsx';
import { EMPTY_FILL_OPTIONS, errorMessage, fetchFillOptions, fillKeys } from './termFillCalls.ts';
import './termFill.css';

type FillTheme = EvaluationFillOptions['themes'][number];

/** The theme shown first: the first one open for filling, else the first. */
export const defaultTheme = (themes: readonly FillTheme[]): FillTheme | undefined => themes.find((theme) => theme.period === 'open') ?? themes[0];

/** The classes a theme is filled for: those of its grades among the caller's. */
export const themeClasses = (options: Pick<EvaluationFillOptions, 'classes'>, theme: Pick<FillTheme, 'gradeIds'> | undefined): EvaluationFillOptions['classes'] =>
  theme ? options.classes.filter((item) => theme.gradeIds.includes(item.gradeId)) : [];

/**
 * /xspj/qmpjtx, End-of-term evaluation: a class teacher (or the office, for every class) picks a term, an
 * evaluation theme and a class, and fills in the theme's content items student by student in a grid: checked
 * as typed, the rows changed saved together. Outside the theme's filling period, or for a class not theirs,
 * the grid is only read.
 */
export default function TermFillPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [termId, setTermId] = useState<number | undefined>();
  const [themePick, setThemePick] = useState<number | undefined>();
  const [classPick, setClassPick] = useState<number | undefined>();
  const changed = useRef(0);
  const onChanged = useCallback((count: number) => {
    changed.current = count;
  }, []);

  const options = useQuery({
    queryKey: fillKeys.options(termId),
    queryFn: ({ signal }) => fetchFillOptions(termId, signal),
    placeholderData: keepPreviousData,
  });
  const data = options.data ?? EMPTY_FILL_OPTIONS;
  const loading = options.isPending || options.isPlaceholderData;
  const term = termId ?? data.termId ?? data.terms.find((item) => item.isCurrent)?.id ?? data.terms[0]?.id;
  const theme = loading ? undefined : (data.themes.find((item) => item.id === themePick) ?? defaultTheme(data.themes));
  const classes = themeClasses(data, theme);
  const chosenClass = classes.find((item) => item.id === classPick) ?? classes[0];

  /** Runs a change of term, theme or class, after asking when answers typed would be left unsaved. */
  const leave = (action: () => void) => {
    if (!changed.current) {
      action();
      return;
    }
    feedback().modal.confirm({
      title: t('termFillPage.leaveTitle'),
      content: t('termFillPage.leaveConfirm', { count: changed.current }),
      okText: t('termFillPage.leave'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'evaluation-fill-leave-ok' } as ButtonProps,
      onOk: () => {
        changed.current = 0;
        action();
      },
    });
  };

  let body;
  if (loading) {
    body = (
      <div className="evaluation-fill-loading">
        <Spin />
      </div>
    );
  } else if (options.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(options.error) || t('termFillPage.loadFailed')}
        extra={
          <Button onClick={() => void options.refetch()} data-testid="evaluation-fill-retry">
            {t('common.retry')}
          </Button>
        }
        data-testid="evaluation-fill-error"
      />
    );
  } else if (!theme) {
    body = <Empty description={t('termFillPage.noTheme')} data-testid="evaluation-fill-no-theme" />;
  } else if (!chosenClass) {
    body = <Empty description={t('termFillPage.noClass')} data-testid="evaluation-fill-no-class" />;
  } else {
    body = <SheetPanel key={`${theme.id}-${chosenClass.id}`} themeId={theme.id} classId={chosenClass.id} onChanged={onChanged} />;
  }

  return (
    <div className="evaluation-fill-page" data-testid="evaluation-fill-page">
      <div className="evaluation-fill-bar">
        <div className="evaluation-fill-title">{routeTitle(route, i18n.language)}</div>
        <div className="evaluation-fill-filters">
          <label className="evaluation-fill-field">
            <span className="evaluation-fill-label">{t('termFillPage.term')}</span>
            <Select<number>
              value={term}
              disabled={!data.terms.length}
              options={data.terms.map((item) => ({ value: item.id, label: item.name }))}
              onChange={(value) =>
                leave(() => {
                  setTermId(value);
                  setThemePick(undefined);
                  setClassPick(undefined);
                })
              }
              placeholder={t('termFillPage.termPlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: 200 }}
              aria-label={t('termFillPage.term')}
              data-testid="evaluation-fill-term"
            />
          </label>
          <label className="evaluation-fill-field">
            <span className="evaluation-fill-label">{t('termFillPage.theme')}</span>
            <Select<number>
              value={theme?.id}
              disabled={loading || !data.themes.length}
              options={data.themes.map((item) => ({
                value: item.id,
                label: (
                  <span className="evaluation-fill-option">
                    <span className="evaluation-fill-option-name">{item.name}</span>
                    <Tag color={PERIOD_COLOURS[item.period]} className="evaluation-fill-tag">
                      {t(`termMaintainPage.period.${item.period}`)}
                    </Tag>
                  </span>
                ),
                title: item.name,
              }))}
              onChange={(value) =>
                leave(() => {
                  setThemePick(value);
                  setClassPick(undefined);
                })
              }
              placeholder={t('termFillPage.themePlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: 300 }}
              aria-label={t('termFillPage.theme')}
              data-testid="evaluation-fill-theme"
            />
          </label>
          <label className="evaluation-fill-field">
            <span className="evaluation-fill-label">{t('termFillPage.class')}</span>
            <Select<number>
              value={chosenClass?.id}
              disabled={!classes.length}
              options={classes.map((item) => ({ value: item.id, label: item.name, title: `${item.gradeName} ${item.name}` }))}
              onChange={(value) => leave(() => setClassPick(value))}
              placeholder={t('termFillPage.classPlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: 180 }}
              aria-label={t('termFillPage.class')}
              data-testid="evaluation-fill-class"
            />
          </label>
        </div>
        {theme && (
          <div className="evaluation-fill-facts" data-testid="evaluation-fill-theme-facts">
            <Tag color={TYPE_COLOURS[theme.type]} className="evaluation-fill-tag">
              {t(`termMaintainPage.type.${theme.type}`)}
            </Tag>
            <span className="evaluation-fill-nowrap">{t('termFillPage.period', { start: theme.fillStart, end: theme.fillEnd })}</span>
            <Tag color={PERIOD_COLOURS[theme.period]} className="evaluation-fill-tag" data-testid="evaluation-fill-period-state">
              {t(`termMaintainPage.period.${theme.period}`)}
            </Tag>
          </div>
        )}
      </div>
      <section className="evaluation-fill-section">{body}</section>
    </div>
  );
}
