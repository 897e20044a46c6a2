import { useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, InputNumber, Spin, Table, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OPEN_CLASS_COMMENT_MAX, OPEN_CLASS_ITEM_COMMENT_MAX, OPEN_CLASS_URLS, type OpenClassContent, type OpenClassItem } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ApiError } from '../../../api/client.ts';
import { fetchOpenClassContent, openClassKeys, submitEvaluation } from '../../../api/openClass.ts';
import { feedback } from '../../../app/feedback.ts';
import { ParametersLost, PhaseTag, idParam, scoreText } from './parts.tsx';

/** The weighted total (out of 100) of scores given so far. */
export function weightedTotal(items: OpenClassItem[], scores: Record<number, number | null | undefined>): number {
  const total = items.reduce((sum, item) => sum + ((scores[item.id] ?? 0) / item.maxScore) * item.weight, 0);
  return Math.round(total * 10) / 10;
}

/**
 * /gkkMgr/pjrn?id=, an open class's evaluation content: its items with their highest scores and weights; a
 * colleague who attended scores each with a comment (once, after the class and before the deadline); its
 * teacher and the office read the results (the comments without names where the set is anonymous).
 */
export default function ContentPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  const content = useQuery({ queryKey: openClassKeys.content(id ?? 0), queryFn: ({ signal }) => fetchOpenClassContent(id!, signal), enabled: id !== null, retry: false });
  const title = routeTitle(route, i18n.language);
  const back = (
    <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('openClassUi.back')} title={t('openClassUi.back')} onClick={() => void navigate(OPEN_CLASS_URLS.list)} data-testid="open-class-content-back" />
  );
  const lost = (message?: string) => <ParametersLost back={OPEN_CLASS_URLS.list} backLabel={t('openClassUi.back')} message={message} />;

  if (id === null) return lost();
  if (content.isPending) return <Spin />;
  if (content.isError) return lost(content.error instanceof ApiError && content.error.kind === 'business' ? content.error.message : undefined);
  return (
    <div className="teaching-page" data-testid="open-class-content">
      <div className="teaching-bar">
        {back}
        <span className="teaching-title">{title}</span>
      </div>
      <Content content={content.data} />
    </div>
  );
}

function Content({ content }: { content: OpenClassContent }) {
  const { t } = useTranslation();
  const { openClass, items } = content;
  return (
    <>
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label={t('openClassUi.topic')}>
            <span className="teaching-strong">{openClass.topic}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('openClassUi.teacher')}>{openClass.teacherName}</Descriptions.Item>
          <Descriptions.Item label={t('openClassUi.phase')}>
            <PhaseTag phase={openClass.phase} testId="open-class-content-phase" />
          </Descriptions.Item>
          <Descriptions.Item label={t('openClassUi.course')}>{openClass.courseName}</Descriptions.Item>
          <Descriptions.Item label={t('openClassUi.class')}>{openClass.className}</Descriptions.Item>
          <Descriptions.Item label={t('openClassUi.day')}>{`${openClass.day} ${openClass.periodText}`}</Descriptions.Item>
          <Descriptions.Item label={t('openClassUi.place')}>{openClass.place}</Descriptions.Item>
          <Descriptions.Item label={t('openClassUi.set')}>
            {openClass.setName} {content.anonymous && <Tag>{t('openClassUi.anonymous')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('openClassUi.deadline')}>{openClass.deadline}</Descriptions.Item>
        </Descriptions>
      </Card>
      {content.mine ? (
        <MyEvaluation content={content} />
      ) : content.cannotEvaluate ? (
        <>
          <Alert type="info" showIcon title={content.cannotEvaluate} data-testid="open-class-cannot-evaluate" />
          {!content.results && <ItemsCard items={items} />}
        </>
      ) : (
        <EvaluationForm content={content} />
      )}
      {content.results && <Results content={content} />}
    </>
  );
}

function ItemsCard({ items }: { items: OpenClassItem[] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('openClassUi.items')}>
      <Table<OpenClassItem>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={items}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('openClassUi.item'), render: (name: string, item) => (<div><div className="teaching-strong">{name}</div><div className="teaching-small teaching-muted">{item.description}</div></div>) },
          { key: 'maxScore', dataIndex: 'maxScore', title: t('openClassUi.maxScore'), align: 'right', width: 90 },
          { key: 'weight', dataIndex: 'weight', title: t('openClassUi.weight'), align: 'right', width: 90, render: (weight: number) => `${weight}%` },
        ]}
      />
    </Card>
  );
}

function EvaluationForm({ content }: { content: OpenClassContent }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { items, openClass } = content;
  const [scores, setScores] = useState<Record<number, number | null>>({});
  const [comments, setComments] = useState<Record<number, string>>({});
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const total = useMemo(() => weightedTotal(items, scores), [items, scores]);
  const missing = items.filter((item) => scores[item.id] === null || scores[item.id] === undefined);

  const submit = async () => {
    if (missing.length) {
      feedback().message.warning(t('openClass.scoresRequired'));
      return;
    }
    setSaving(true);
    try {
      const msg = await submitEvaluation({ id: openClass.id, scores: items.map((item) => ({ itemId: item.id, score: scores[item.id]!, comment: comments[item.id] ?? '' })), comment });
      feedback().message.success(msg);
      await client.invalidateQueries({ queryKey: openClassKeys.all });
    } catch {
      // The request client has shown the server's refusal.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('openClassUi.evaluateTitle')}
      extra={
        <span>
          {t('openClassUi.total')}: <span className="teaching-total" data-testid="open-class-form-total">{scoreText(total)}</span>
        </span>
      }
      data-testid="open-class-evaluation-form"
    >
      {items.map((item, index) => (
        <div className="teaching-item-row" key={item.id}>
          <div>
            <div className="teaching-strong">{item.name}</div>
            <div className="teaching-small teaching-muted">{t('openClassUi.itemHint', { max: item.maxScore, weight: item.weight })}</div>
            {item.description && <div className="teaching-small teaching-muted">{item.description}</div>}
          </div>
          <InputNumber
            min={0}
            max={item.maxScore}
            step={0.5}
            precision={1}
            value={scores[item.id] ?? null}
            onChange={(value) => setScores((current) => ({ ...current, [item.id]: value }))}
            aria-label={item.name}
            style={{ width: '100%' }}
            data-testid={`open-class-score-${index}`}
          />
          <Input
            maxLength={OPEN_CLASS_ITEM_COMMENT_MAX}
            placeholder={t('openClassUi.itemComment')}
            value={comments[item.id] ?? ''}
            onChange={(event) => setComments((current) => ({ ...current, [item.id]: event.target.value }))}
            data-testid={`open-class-item-comment-${index}`}
          />
        </div>
      ))}
      <Input.TextArea
        rows={3}
        maxLength={OPEN_CLASS_COMMENT_MAX}
        showCount
        placeholder={t('openClassUi.comment')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        style={{ marginTop: 12 }}
        data-testid="open-class-comment"
      />
      <div className="teaching-bar" style={{ marginTop: 12 }}>
        <span className="teaching-muted teaching-small">{t('openClassUi.onceHint')}</span>
        <span className="teaching-bar-spacer" />
        <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="open-class-submit">
          {t('openClassUi.submit')}
        </Button>
      </div>
    </Card>
  );
}

function MyEvaluation({ content }: { content: OpenClassContent }) {
  const { t } = useTranslation();
  const mine = content.mine!;
  const byItem = new Map(mine.scores.map((score) => [score.itemId, score]));
  return (
    <Card size="small" title={t('openClassUi.myEvaluation', { time: mine.submittedAt })} extra={<span className="teaching-total" data-testid="open-class-my-total">{scoreText(mine.total)}</span>} data-testid="open-class-my-evaluation">
      <Table<OpenClassItem>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={content.items}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('openClassUi.item') },
          { key: 'score', title: t('openClassUi.score'), align: 'right', width: 100, render: (_: unknown, item) => `${scoreText(byItem.get(item.id)?.score)} / ${item.maxScore}` },
          { key: 'comment', title: t('openClassUi.itemComment'), render: (_: unknown, item) => byItem.get(item.id)?.comment || '—' },
        ]}
      />
      {mine.comment && <div className="teaching-comment" style={{ marginTop: 12 }}>{mine.comment}</div>}
    </Card>
  );
}

function Results({ content }: { content: OpenClassContent }) {
  const { t } = useTranslation();
  const results = content.results!;
  const names = new Map(content.items.map((item) => [item.id, item.name]));
  return (
    <Card
      size="small"
      title={t('openClassUi.results')}
      extra={<span data-testid="open-class-results-summary">{t('openClassUi.resultsSummary', { evaluations: results.evaluations, attendees: results.attendees, average: scoreText(results.average) })}</span>}
      data-testid="open-class-results"
    >
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={results.items}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('openClassUi.item') },
          { key: 'weight', dataIndex: 'weight', title: t('openClassUi.weight'), align: 'right', width: 90, render: (weight: number) => `${weight}%` },
          { key: 'average', title: t('openClassUi.average'), align: 'right', width: 120, render: (_: unknown, item: (typeof results.items)[number]) => `${scoreText(item.average)} / ${item.maxScore}` },
        ]}
      />
      <div className="teaching-comments" style={{ marginTop: 12 }}>
        {results.comments.length === 0 && <span className="teaching-muted">{t('openClassUi.noEvaluations')}</span>}
        {results.comments.map((comment, index) => (
          <div className="teaching-comment" key={index} data-testid={`open-class-result-comment-${index}`}>
            <div className="teaching-small teaching-muted">
              {comment.evaluator || t('openClassUi.anonymousColleague')} · {t('openClassUi.total')} {scoreText(comment.total)} {comment.submittedAt && `· ${comment.submittedAt}`}
            </div>
            {comment.comment && <div>{comment.comment}</div>}
            {comment.itemComments.map((item) => (
              <div className="teaching-small" key={item.itemId}>
                {names.get(item.itemId)}: {item.comment}
              </div>
            ))}
          </div>
        ))}
      </div>
    </Card>
  );
}
