import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Form, Input, InputNumber, Rate, Result, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ELECTIVE_RATING_COMMENT_MAX, rateSchema, type IndicatorRow, type RatingCourse } from '@campus/contract';
import { electiveKeys, fetchMyRatings, saveRating } from '../../../api/electives.ts';
import { feedback } from '../../../app/feedback.ts';
import { t as translate } from '../../../i18n/index.ts';
import { refusalOf } from '../common/parts.tsx';
import '../selection/selection.css';

/** A five-point indicator is rated with stars, any other with a number up to its highest score. */
export const STAR_SCALE = 5;

/** The form's values: a score per indicator (by id) and the comment. */
interface RatingValues {
  scores: Record<string, number | null | undefined>;
  comment?: string;
}

/** The body of ratings/save: every indicator once, in the indicators' order. */
export function ratingBody(sessionId: number, indicators: readonly IndicatorRow[], values: RatingValues) {
  return {
    sessionId,
    scores: indicators.map((indicator) => ({ indicatorId: indicator.id, score: values.scores?.[indicator.id] as number })),
    comment: values.comment?.trim() ?? '',
  };
}

/** A student's courses of the term, each rated against every enabled indicator, with a comment; rating again replaces it. */
export function RatingsView({ title, phone }: { title: string; phone: boolean }) {
  const { t } = useTranslation();
  const ratings = useQuery({ queryKey: electiveKeys.ratings, queryFn: ({ signal }) => fetchMyRatings(signal) });
  // The server keeps disabled indicators out of a rating; so does the form.
  const indicators = useMemo(() => (ratings.data?.indicators ?? []).filter((indicator) => indicator.enabled).sort((a, b) => a.sort - b.sort), [ratings.data]);

  let body;
  if (ratings.isPending) {
    body = (
      <div className="elective-loading">
        <Spin />
      </div>
    );
  } else if (ratings.isError) {
    body = (
      <Result
        status="warning"
        title={t('electiveRate.loadFailed')}
        subTitle={refusalOf(ratings.error)}
        extra={
          <Button onClick={() => void ratings.refetch()} data-testid="elective-rate-retry">
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!ratings.data.courses.length) {
    body = <Empty description={ratings.data.closedReason || t('electiveRate.nothing')} data-testid="elective-rate-closed" />;
  } else {
    body = (
      <>
        {ratings.data.closedReason && <Alert type="info" showIcon title={ratings.data.closedReason} />}
        {ratings.data.courses.map((course) => (
          <RatingCard key={course.sessionId} course={course} indicators={indicators} phone={phone} />
        ))}
      </>
    );
  }

  return (
    <div className={`elective-select-page${phone ? ' is-phone' : ''}`} data-testid="elective-ratings">
      <div className="elective-select-head">
        <div className="elective-select-title">{title}</div>
      </div>
      <Typography.Text type="secondary" className="elective-small">
        {t('electiveRate.hint')}
      </Typography.Text>
      {body}
    </div>
  );
}

function RatingCard({ course, indicators, phone }: { course: RatingCourse; indicators: IndicatorRow[]; phone: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RatingValues>();
  const [saving, setSaving] = useState(false);
  const initialValues = useMemo<RatingValues>(
    () => ({ scores: Object.fromEntries(course.scores.map((score) => [String(score.indicatorId), score.score])), comment: course.comment }),
    [course],
  );

  const save = async () => {
    let values: RatingValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = ratingBody(course.sessionId, indicators, { ...(form.getFieldsValue(true) as RatingValues), ...values });
    const checked = rateSchema.safeParse(body);
    if (!checked.success) {
      feedback().message.error(translate(checked.error.issues[0]?.message ?? 'errors.badRequest'));
      return;
    }
    setSaving(true);
    try {
      const msg = await saveRating(body);
      feedback().message.success(msg || t('elective.rated'));
      await queryClient.invalidateQueries({ queryKey: electiveKeys.ratings });
    } catch {
      // The request client has shown the server's message (the rating period over, an indicator changed).
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="elective-course-card" data-testid={`elective-rate-${course.sessionId}`}>
      <header className="elective-course-head">
        <span className="elective-course-name">{course.name}</span>
        {course.ratedAt ? (
          <Tag color="green" className="elective-tag" data-testid={`elective-rated-${course.sessionId}`}>
            {t('electiveRate.ratedAt', { at: course.ratedAt })}
          </Tag>
        ) : (
          <Tag className="elective-tag">{t('electiveRate.notRated')}</Tag>
        )}
      </header>
      <span className="elective-muted elective-small">{[course.teacherName, course.termName].filter(Boolean).join(' · ')}</span>
      {indicators.length === 0 ? (
        <Typography.Text type="secondary">{t('electiveRate.noIndicators')}</Typography.Text>
      ) : (
        <Form<RatingValues> form={form} layout="vertical" initialValues={initialValues} className="elective-rate-form">
          {indicators.map((indicator) => (
            <Form.Item
              key={indicator.id}
              name={['scores', String(indicator.id)]}
              label={t('electiveRate.indicatorLabel', { name: indicator.name, max: indicator.maxScore })}
              extra={indicator.description || undefined}
              rules={[{ required: true, message: t('electiveRate.scoreRequired', { name: indicator.name }) }]}
            >
              {indicator.maxScore === STAR_SCALE ? (
                <Rate count={STAR_SCALE} aria-label={indicator.name} data-testid={`elective-rate-score-${course.sessionId}-${indicator.id}`} />
              ) : (
                <InputNumber
                  min={0}
                  max={indicator.maxScore}
                  precision={0}
                  suffix={`/ ${indicator.maxScore}`}
                  style={{ width: phone ? '100%' : 180 }}
                  aria-label={indicator.name}
                  data-testid={`elective-rate-score-${course.sessionId}-${indicator.id}`}
                />
              )}
            </Form.Item>
          ))}
          <Form.Item name="comment" label={t('electiveRate.comment')}>
            <Input.TextArea maxLength={ELECTIVE_RATING_COMMENT_MAX} showCount rows={3} placeholder={t('electiveRate.commentPlaceholder')} data-testid={`elective-rate-comment-${course.sessionId}`} />
          </Form.Item>
          <Button type="primary" block={phone} loading={saving} onClick={() => void save()} data-testid={`elective-rate-save-${course.sessionId}`}>
            {t(course.ratedAt ? 'electiveRate.saveAgain' : 'electiveRate.save')}
          </Button>
        </Form>
      )}
    </article>
  );
}
