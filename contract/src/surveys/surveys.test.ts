import { describe, expect, it } from 'vitest';
import { checkAnswers, skipProblem, surveyFormSchema, surveyQuestionSchema, takenPath, type SurveyQuestion } from './surveys.ts';

const q = (input: Record<string, unknown>): SurveyQuestion => surveyQuestionSchema.parse({ title: 'q', required: true, ...input });
const questions = [
  q({ key: 'a', kind: 'single', options: [{ label: 'on' }, { label: 'skip', jumpTo: 'd' }, { label: 'stop', jumpTo: 'end' }] }),
  q({ key: 'b', kind: 'multiple', options: [{ label: '1' }, { label: '2' }, { label: '3' }], minPicks: 2, maxPicks: 2 }),
  q({ key: 'c', kind: 'rating', scale: 4, required: false }),
  q({ key: 'd', kind: 'matrix', rows: ['r1', 'r2'], columns: ['x', 'y'] }),
  q({ key: 'e', kind: 'text', maxLength: 3, required: false }),
];

describe('survey skip logic and answer checks (both sides)', () => {
  it('follows the skips of single choices to a later question or the end', () => {
    expect(takenPath(questions, {})).toEqual([0, 1, 2, 3, 4]);
    expect(takenPath(questions, { a: 1 })).toEqual([0, 3, 4]);
    expect(takenPath(questions, { a: 2 })).toEqual([0]);
    expect(skipProblem(questions)).toBeNull();
    expect(skipProblem([questions[1]!, { ...questions[0]!, options: [{ label: 'x', jumpTo: 'b' }] }])).toEqual({ key: 'survey.jumpBackwards', question: 2 });
    expect(skipProblem([{ ...questions[0]!, options: [{ label: 'x', jumpTo: 'zz' }] }])).toEqual({ key: 'survey.jumpUnknown', question: 1 });
    const form = { title: 't', startsAt: '2026-01-01 08:00', endsAt: '2026-01-02 08:00', anonymous: true };
    expect(surveyFormSchema.safeParse({ ...form, questions }).success).toBe(true);
    expect(surveyFormSchema.safeParse({ ...form, questions: [questions[3], questions[0]] }).success).toBe(false);
    expect(surveyFormSchema.safeParse({ ...form, endsAt: form.startsAt, questions }).success).toBe(false);
  });

  it('asks for the required questions on the path, refuses skipped ones and values that do not fit', () => {
    const problem = (answers: Record<string, unknown>) => {
      const checked = checkAnswers(questions, answers as never);
      return checked.ok ? null : checked.problem;
    };
    const matrix = { '0': 1, '1': 0 };
    expect(problem({ a: 1, d: matrix })).toBeNull();
    expect(problem({ a: 2 })).toBeNull();
    expect(problem({ a: 1, b: [0, 1], d: matrix })).toMatchObject({ key: 'survey.answerSkipped', question: 2 });
    expect(problem({ a: 0, b: [0, 1] })).toMatchObject({ key: 'survey.answerRequired', question: 4 });
    expect(problem({ a: 0, b: [0], d: matrix })).toMatchObject({ key: 'survey.picksBelow', params: { n: 2 } });
    expect(problem({ a: 0, b: [0, 0], d: matrix })).toMatchObject({ key: 'survey.answerInvalid', question: 2 });
    expect(problem({ a: 0, b: [0, 1], c: 5, d: matrix })).toMatchObject({ key: 'survey.answerInvalid', question: 3 });
    expect(problem({ a: 0, b: [0, 1], d: { '0': 1 } })).toMatchObject({ key: 'survey.answerRequired', question: 4 });
    expect(problem({ a: 1, d: matrix, e: 'four' })).toMatchObject({ key: 'survey.answerTooLong', params: { n: 3 } });
    expect(problem({ a: 9 })).toMatchObject({ key: 'survey.answerInvalid', question: 1 });
    expect(problem({ zz: 1 })).toMatchObject({ key: 'survey.answerInvalid' });
    const ok = checkAnswers(questions, { a: 1, d: matrix, e: '  hi ' });
    expect(ok).toEqual({ ok: true, sheet: { 0: 1, 3: matrix, 4: 'hi' } });
  });
});
