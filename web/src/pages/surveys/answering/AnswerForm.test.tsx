import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { surveyQuestionSchema, surveysZh, type SurveyForAnswer } from '@campus/contract';
import { i18n } from '../../../i18n/index.ts';
import { AnswerForm } from './AnswerForm.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
i18n.addResourceBundle('zh', 'translation', surveysZh, true, false);

const survey: SurveyForAnswer = {
  id: 1,
  title: '测试',
  description: '',
  startsAt: '2026-01-01 08:00',
  endsAt: '2026-12-31 08:00',
  anonymous: true,
  state: 'open',
  needsLogin: false,
  questions: [
    surveyQuestionSchema.parse({ key: 'a', kind: 'single', title: '参加吗', required: true, options: [{ label: '是' }, { label: '否', jumpTo: 'c' }] }),
    surveyQuestionSchema.parse({ key: 'b', kind: 'rating', title: '打分', required: true, scale: 3 }),
    surveyQuestionSchema.parse({ key: 'c', kind: 'text', title: '建议', required: false }),
  ],
};

describe('survey answering form', () => {
  it('hides what a skip jumps over, asks for required questions on the path and sends only the path', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<AnswerForm survey={survey} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(await screen.findByTestId('survey-problem')).toHaveTextContent('第 1 题为必答题');
    fireEvent.click(screen.getByTestId('survey-option-a-0'));
    fireEvent.click(screen.getByTestId('survey-rating-b-2'));
    // "否" skips the rating: it disappears, and its answer is not sent.
    fireEvent.click(screen.getByTestId('survey-option-a-1'));
    expect(screen.queryByTestId('survey-question-b')).toBeNull();
    fireEvent.change(screen.getByTestId('survey-text-c'), { target: { value: ' 很好 ' } });
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ a: 1, c: ' 很好 ' }));
  });
});
