import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { recordFeedback } from '../Picker/testServer.ts';
import { ReviewDialog, type ReviewDecision } from './ReviewDialog.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

let feedback: ReturnType<typeof recordFeedback>;
beforeEach(() => {
  feedback = recordFeedback();
});

function open(decision: ReviewDecision, onSubmit: (comment: string) => Promise<string>) {
  const onClose = vi.fn();
  const onDone = vi.fn();
  const onOpen = vi.fn();
  render(
    <ReviewDialog
      decision={decision}
      title="Review it"
      okText="Decide"
      placeholder="Say why"
      reasonRequired="A rejection needs a reason"
      commentMax={20}
      onSubmit={onSubmit}
      onClose={onClose}
      onDone={onDone}
      onOpen={onOpen}
    >
      <span data-testid="extra">extra field</span>
    </ReviewDialog>,
  );
  return { onClose, onDone, onOpen };
}

const comment = () => screen.getByPlaceholderText('Say why');
const ok = () => fireEvent.click(screen.getByRole('button', { name: 'Decide' }));

describe('review dialog', () => {
  it('refuses a rejection without a reason, sending nothing', async () => {
    const onSubmit = vi.fn(async () => 'done');
    const { onClose, onOpen } = open('reject', onSubmit);
    expect(await screen.findByTestId('extra')).toBeInTheDocument();
    await waitFor(() => expect(onOpen).toHaveBeenCalled());
    fireEvent.change(comment(), { target: { value: '   ' } });
    ok();
    expect(feedback.texts('warning')).toEqual(['A rejection needs a reason']);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed comment, shows the answer and closes', async () => {
    const onSubmit = vi.fn(async () => 'Rejected 1');
    const { onClose, onDone } = open('reject', onSubmit);
    fireEvent.change(await screen.findByPlaceholderText('Say why'), { target: { value: '  too late  ' } });
    ok();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith('too late');
    expect(onDone).toHaveBeenCalled();
    expect(feedback.texts('success')).toEqual(['Rejected 1']);
  });

  it('approves without a comment, and stays open when the server refuses', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('refused');
    });
    const { onClose, onDone } = open('approve', onSubmit);
    await screen.findByPlaceholderText('Say why');
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(''));
    expect(onDone).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(feedback.texts('success')).toEqual([]);
  });
});
