import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import type { ApprovalTrailEntry } from '@campus/contract';
import { i18n } from '../../i18n/index.ts';
import { ApprovalTrail } from './ApprovalTrail.tsx';

const TRAIL: ApprovalTrailEntry[] = [
  { step: 1, kind: 'classTeacher', approverNames: [], decision: 'approve', deciderName: 'Teacher Wang', comment: 'Get well soon', decidedAt: '2026-11-25 09:10:33' },
  { step: 2, kind: 'divisionDirector', approverNames: ['Director Li', 'Director Zhao'], decision: null, deciderName: '', comment: '', decidedAt: '' },
];

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh'));
});

describe('ApprovalTrail', () => {
  it('shows each step with its number, approver kind, decision, who, comment and time', () => {
    render(<ApprovalTrail entries={TRAIL} stepCount={2} />);
    const [first, second] = screen.getAllByTestId('approval-trail-entry');
    expect(first).toHaveAttribute('data-decision', 'approve');
    expect(first).toHaveTextContent('第1步（共2步）');
    expect(first).toHaveTextContent('班主任');
    expect(first).toHaveTextContent('通过');
    expect(within(first).getByTestId('approval-trail-decider')).toHaveTextContent('审批人：Teacher Wang');
    expect(within(first).getByTestId('approval-trail-decider')).toHaveTextContent('2026-11-25 09:10');
    expect(within(first).getByTestId('approval-trail-comment')).toHaveTextContent('意见：Get well soon');
    // The step that waits names who may decide it.
    expect(second).toHaveAttribute('data-decision', 'waiting');
    expect(second).toHaveTextContent('学部主任');
    expect(second).toHaveTextContent('待审批');
    expect(within(second).getByTestId('approval-trail-approvers')).toHaveTextContent('待审批人：Director Li、Director Zhao');
  });

  it('names every approver kind and decision, in English too', async () => {
    await act(() => i18n.changeLanguage('en'));
    const kinds = ['classTeacher', 'divisionDirector', 'principal', 'departmentHead', 'academicOffice', 'role', 'person'] as const;
    const entries: ApprovalTrailEntry[] = kinds.map((kind, index) => ({
      step: index + 1,
      kind,
      approverNames: [],
      decision: index === 0 ? 'reject' : index === 1 ? 'withdraw' : null,
      deciderName: index < 2 ? 'Someone' : '',
      comment: '',
      decidedAt: index < 2 ? '2026-11-25 09:10' : '',
    }));
    render(<ApprovalTrail entries={entries} />);
    const text = screen.getByTestId('approval-trail').textContent ?? '';
    for (const name of ['Class teacher', 'Division director', 'Principal', 'Department head', 'Head of the academic office', 'Role', 'Named person', 'Rejected', 'Withdrawn by Someone', 'Step 7']) expect(text).toContain(name);
    // A waiting step whose approvers could not be found says so.
    expect(screen.getAllByTestId('approval-trail-approvers')[0]).toHaveTextContent('No approver found yet');
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('says so when there is nothing to show', () => {
    render(<ApprovalTrail entries={[]} />);
    expect(screen.getByTestId('approval-trail')).toHaveTextContent('暂无审批记录');
  });
});
