import { useState } from 'react';
import { Alert, Button, Checkbox, Empty, Input, InputNumber, Result, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OVERALL_NAME_MAX, OVERALL_PERMISSIONS, OVERALL_URLS, overallSchemeFormSchema, type OverallCandidate, type OverallPart, type OverallSchemeForm } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { errorMessage, fetchOverallCandidates, fetchOverallList, fetchOverallScheme, overallKeys, saveOverallScheme } from './overallCalls.ts';
import { PageBar, ParamsLost, formulaText, useAddressIds } from './overallParts.tsx';
import './overall.css';

const REMARKS_MAX = 200;

/** What the settings form starts from: a scheme, or a new one of a term and grade. */
export interface SchemeStart {
  id?: number;
  termId: number;
  termName: string;
  gradeId: number;
  gradeName: string;
  name: string;
  remarks: string;
  parts: readonly Pick<OverallPart, 'batchId' | 'weight'>[];
}

/** One exam's choice: counted or not, and its weight (kept while unticked, null while not given). */
export interface PartChoice {
  use: boolean;
  weight: number | null;
}
export type PartChoices = Record<number, PartChoice>;

/** An exam the form lists: a candidate, or an exam of the scheme the candidates no longer hold. */
export type ExamRow = Pick<OverallCandidate, 'id' | 'name' | 'examNode' | 'released' | 'subjects'>;

/** The candidates, with the scheme's own exams the server did not list added at the end. */
export function examRows(candidates: readonly OverallCandidate[], parts: readonly OverallPart[]): ExamRow[] {
  const known = new Set(candidates.map((candidate) => candidate.id));
  const missing = parts.filter((part) => !known.has(part.batchId)).map((part) => ({ id: part.batchId, name: part.batchName, examNode: part.examNode, released: part.released, subjects: [] }));
  return [...candidates, ...missing];
}

/** The body of the save call, the chosen exams in the order listed. */
export function schemeBody(start: SchemeStart, name: string, remarks: string, rows: readonly ExamRow[], choices: PartChoices): OverallSchemeForm {
  return {
    ...(start.id ? { id: start.id } : {}),
    termId: start.termId,
    gradeId: start.gradeId,
    name,
    remarks,
    parts: rows.filter((row) => choices[row.id]?.use).map((row) => ({ batchId: row.id, weight: choices[row.id]?.weight ?? undefined })),
  };
}

/** The sum of the chosen weights (those not given count 0). */
export const weightSum = (choices: PartChoices): number => Object.values(choices).reduce((sum, choice) => sum + (choice.use && typeof choice.weight === 'number' ? choice.weight : 0), 0);

/** The contract's messages (catalogue keys) for the form: per field, per exam, and for the exams as a whole. */
export interface SchemeIssues {
  name?: string;
  remarks?: string;
  weights: Record<number, string>;
  parts: string[];
}

export function schemeIssues(body: OverallSchemeForm, choices: PartChoices): SchemeIssues {
  const issues: SchemeIssues = { weights: {}, parts: [] };
  const result = overallSchemeFormSchema.safeParse(body);
  const add = (message: string) => {
    if (!issues.parts.includes(message)) issues.parts.push(message);
  };
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [field, index] = issue.path;
      if (field === 'name') issues.name ??= issue.message;
      else if (field === 'remarks') issues.remarks ??= issue.message;
      else if (field === 'parts' && typeof index === 'number') {
        const batchId = body.parts[index]?.batchId;
        if (typeof batchId === 'number') issues.weights[batchId] ??= issue.message;
      } else if (field === 'parts') add(issue.message);
      else add(issue.message);
    }
  }
  // The schema checks the sum only once each weight is valid; the page says it at once.
  if (weightSum(choices) > 100) add('overall.weightsOver');
  return issues;
}

/**
 * /cjfxNew/zpfx/zpfxsz, Overall score settings, opened from the list as `?id=` (a scheme) or
 * `?termId=&gradeId=` (a new one): the name, remarks and the exams of the term and grade that make the
 * overall score, each with a weight; the sum may not pass 100 (a smaller sum is scaled). Saved, it goes back to the list.
 */
export default function OverallSettingsPage({ route }: PageProps) {
  const { i18n } = useTranslation();
  const ids = useAddressIds(route, ['id', 'termId', 'gradeId'] as const);
  // A saved or cancelled form starts afresh the next time the page is opened (it stays mounted behind the list).
  const [generation, setGeneration] = useState(0);
  const title = routeTitle(route, i18n.language);
  const done = () => setGeneration((value) => value + 1);
  if (ids.id) return <ChangeScheme key={`id-${ids.id}-${generation}`} id={ids.id} title={title} onDone={done} />;
  if (ids.termId && ids.gradeId) return <NewScheme key={`new-${ids.termId}-${ids.gradeId}-${generation}`} termId={ids.termId} gradeId={ids.gradeId} title={title} onDone={done} />;
  return <ParamsLost title={title} />;
}

function Loading({ title }: { title: string }) {
  return (
    <div className="overall-page">
      <PageBar title={title} />
      <section className="overall-section overall-loading" data-testid="overall-settings-loading">
        <Spin />
      </section>
    </div>
  );
}

function ChangeScheme({ id, title, onDone }: { id: number; title: string; onDone: () => void }) {
  const query = useQuery({ queryKey: overallKeys.scheme(id), queryFn: ({ signal }) => fetchOverallScheme(id, signal) });
  if (query.isPending) return <Loading title={title} />;
  if (query.isError) return <ParamsLost title={title} message={errorMessage(query.error)} />;
  const scheme = query.data;
  return <SchemeForm start={scheme} parts={scheme.parts} title={title} onDone={onDone} />;
}

function NewScheme({ termId, gradeId, title, onDone }: { termId: number; gradeId: number; title: string; onDone: () => void }) {
  // The names of the term and grade (the list's; the same read as the list page's when it shows this term).
  const query = useQuery({ queryKey: overallKeys.list(termId), queryFn: ({ signal }) => fetchOverallList(termId, signal) });
  if (query.isPending) return <Loading title={title} />;
  const start: SchemeStart = {
    termId,
    termName: query.data?.terms.find((term) => term.id === termId)?.name ?? '',
    gradeId,
    gradeName: query.data?.grades.find((grade) => grade.id === gradeId)?.name ?? '',
    name: '',
    remarks: '',
    parts: [],
  };
  return <SchemeForm start={start} parts={[]} title={title} onDone={onDone} />;
}

function SchemeForm({ start, parts, title, onDone }: { start: SchemeStart; parts: readonly OverallPart[]; title: string; onDone: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: [OVERALL_PERMISSIONS.edit] });
  const candidates = useQuery({
    queryKey: overallKeys.candidates(start.termId, start.gradeId),
    queryFn: ({ signal }) => fetchOverallCandidates(start.termId, start.gradeId, signal),
  });
  const [name, setName] = useState(start.name);
  const [remarks, setRemarks] = useState(start.remarks);
  const [choices, setChoices] = useState<PartChoices>(() => Object.fromEntries(start.parts.map((part) => [part.batchId, { use: true, weight: part.weight }])));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const rows = examRows(candidates.data ?? [], [...parts]);
  const body = schemeBody(start, name, remarks, rows, choices);
  const issues = schemeIssues(body, choices);
  const sum = weightSum(choices);
  const chosen = rows.filter((row) => choices[row.id]?.use);
  const formula = formulaText(chosen.map((row) => ({ batchId: row.id, batchName: row.name, examNode: row.examNode, weight: choices[row.id]?.weight ?? 0 })));
  const unreleased = chosen.filter((row) => !row.released);
  // The sum and a weight out of range show at once; the rest once a save has been tried.
  const partMessages = issues.parts.filter((message) => submitted || message === 'overall.weightsOver');

  const toggle = (batchId: number, use: boolean) =>
    setChoices((current) => {
      const before = current[batchId];
      const others = weightSum({ ...current, [batchId]: { use: false, weight: null } });
      const left = 100 - others;
      return { ...current, [batchId]: { use, weight: before?.weight ?? (use && left >= 1 ? left : null) } };
    });
  const setWeight = (batchId: number, weight: number | null) => setChoices((current) => ({ ...current, [batchId]: { use: true, weight } }));

  const save = async () => {
    setSubmitted(true);
    const parsed = overallSchemeFormSchema.safeParse(body);
    if (!parsed.success || issues.parts.length) return;
    setSaving(true);
    try {
      const answer = await saveOverallScheme(parsed.data);
      feedback().message.success(answer.msg || t('overall.saved', { name: parsed.data.name }));
      void queryClient.invalidateQueries({ queryKey: overallKeys.all });
      onDone();
      void navigate(OVERALL_URLS.list);
    } catch {
      // The request client has shown the server's message; what was given stays.
      setSaving(false);
    }
  };

  const columns: TableColumnsType<ExamRow> = [
    {
      key: 'use',
      width: 48,
      render: (_: unknown, row) => (
        <Checkbox
          checked={!!choices[row.id]?.use}
          disabled={!canEdit}
          onChange={(event) => toggle(row.id, event.target.checked)}
          aria-label={t('overallPage.useExam', { name: row.name })}
          data-testid={`overall-use-${row.id}`}
        />
      ),
    },
    {
      key: 'name',
      title: t('overallPage.col.exam'),
      width: 220,
      render: (_: unknown, row) => (
        <div className="overall-name">
          <span>{row.name}</span>
          {row.examNode && <Typography.Text type="secondary">{row.examNode}</Typography.Text>}
        </div>
      ),
    },
    {
      key: 'released',
      title: t('overallPage.col.released'),
      width: 100,
      render: (_: unknown, row) => (
        <Tag color={row.released ? 'green' : 'orange'} className="overall-tag" data-testid={`overall-released-${row.id}`}>
          {t(row.released ? 'overallPage.released' : 'overallPage.notReleased')}
        </Tag>
      ),
    },
    {
      key: 'subjects',
      title: t('overallPage.col.subjects'),
      width: 220,
      render: (_: unknown, row) => <span className="overall-muted">{row.subjects.join(t('overallPage.separator')) || '—'}</span>,
    },
    {
      key: 'weight',
      title: t('overallPage.col.weight'),
      width: 150,
      render: (_: unknown, row) => {
        const choice = choices[row.id];
        const message = choice?.use ? issues.weights[row.id] : undefined;
        return (
          <div className="overall-weight">
            <InputNumber<number>
              value={choice?.use ? choice.weight : null}
              disabled={!canEdit || !choice?.use}
              onChange={(value) => setWeight(row.id, value)}
              status={message ? 'error' : undefined}
              suffix="%"
              className="overall-weight-input"
              aria-label={t('overallPage.weightOf', { name: row.name })}
              data-testid={`overall-weight-${row.id}`}
            />
            {message && (
              <div className="overall-error" data-testid={`overall-weight-error-${row.id}`}>
                {t(message)}
              </div>
            )}
          </div>
        );
      },
    },
  ];

  let exams;
  if (candidates.isPending) {
    exams = (
      <div className="overall-loading">
        <Spin />
      </div>
    );
  } else if (candidates.isError) {
    exams = (
      <Result
        status="warning"
        title={errorMessage(candidates.error) || t('overallPage.loadFailed')}
        extra={
          <Button onClick={() => void candidates.refetch()} data-testid="overall-candidates-retry">
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!rows.length) {
    exams = <Empty description={t('overallPage.noCandidates')} data-testid="overall-no-candidates" />;
  } else {
    exams = (
      <div data-testid="overall-candidates">
        <Table<ExamRow> rowKey="id" size="small" pagination={false} dataSource={rows} columns={columns} scroll={{ x: 'max-content' }} />
      </div>
    );
  }

  const nameMessage = submitted ? issues.name : undefined;
  const remarksMessage = submitted ? issues.remarks : undefined;

  return (
    <div className={`overall-page${phone ? ' is-phone' : ''}`} data-testid="overall-settings-page">
      <PageBar
        title={
          <>
            {title}
            <span className="overall-subtitle">{start.id ? start.name : t('overallPage.newScheme')}</span>
          </>
        }
        extra={
          <>
            <Button
              onClick={() => {
                // What was changed is dropped: the next opening starts from the scheme again.
                onDone();
                void navigate(OVERALL_URLS.list);
              }}
              data-testid="overall-settings-cancel"
            >
              {t(canEdit ? 'overallPage.cancel' : 'overallPage.backToList')}
            </Button>
            {canEdit && (
              <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="overall-save">
                {t('overallPage.save')}
              </Button>
            )}
          </>
        }
      />
      <section className="overall-section">
        <div className="overall-facts" data-testid="overall-settings-facts">
          <span data-testid="overall-settings-term">{t('overallPage.termIs', { name: start.termName || '—' })}</span>
          <span data-testid="overall-settings-grade">{t('overallPage.gradeIs', { name: start.gradeName || '—' })}</span>
        </div>
        <div className="overall-form">
          <label className="overall-form-item">
            <span className="overall-form-label is-required">{t('overallPage.name')}</span>
            <Input
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={OVERALL_NAME_MAX}
              disabled={!canEdit}
              status={nameMessage ? 'error' : undefined}
              placeholder={t('overallPage.namePlaceholder')}
              data-testid="overall-name"
            />
            {nameMessage && (
              <span className="overall-error" data-testid="overall-name-error">
                {t(nameMessage)}
              </span>
            )}
          </label>
          <label className="overall-form-item">
            <span className="overall-form-label">{t('overallPage.remarks')}</span>
            <Input.TextArea
              value={remarks}
              onChange={(event) => setRemarks(event.target.value)}
              maxLength={REMARKS_MAX}
              autoSize={{ minRows: 1, maxRows: 4 }}
              disabled={!canEdit}
              status={remarksMessage ? 'error' : undefined}
              placeholder={t('overallPage.remarksPlaceholder')}
              data-testid="overall-remarks"
            />
            {remarksMessage && <span className="overall-error">{t(remarksMessage)}</span>}
          </label>
        </div>
      </section>
      <section className="overall-section">
        <div className="overall-section-head">
          <Typography.Text strong>{t('overallPage.exams')}</Typography.Text>
          <Typography.Text type="secondary" className="overall-hint">
            {t('overallPage.examsHint')}
          </Typography.Text>
        </div>
        {exams}
        <div className="overall-summary">
          <span className={`overall-sum${sum > 100 ? ' is-over' : ''}`} data-testid="overall-sum">
            {t('overallPage.sum', { sum })}
          </span>
          {chosen.length > 0 && sum > 0 && sum < 100 && <span className="overall-muted">{t('overallPage.scaledHint', { sum })}</span>}
        </div>
        <div className="overall-formula" data-testid="overall-formula">
          {formula ? t('overallPage.formula', { formula }) : <span className="overall-muted">{t('overallPage.formulaNone')}</span>}
        </div>
        {partMessages.length > 0 && (
          <Alert type="error" showIcon title={partMessages.map((message) => t(message)).join('; ')} data-testid="overall-parts-error" />
        )}
        {unreleased.length > 0 && (
          <Alert type="info" showIcon title={t('overallPage.unreleasedNote', { names: unreleased.map((row) => row.name).join(t('overallPage.separator')) })} data-testid="overall-unreleased-note" />
        )}
      </section>
    </div>
  );
}
