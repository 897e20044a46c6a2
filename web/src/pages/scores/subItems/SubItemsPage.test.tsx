import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { subItemsSaveSchema, type SubItemBatch, type SubItemSubject } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import SubItemsPage, { batchLabel, lockedReason, partLabel } from './SubItemsPage.tsx';
import { initialParts, newPart, partsBody, partsMessage, partsTotal, showNumber, totalMatches } from './SubItemsDialog.tsx';
import type { SubItemBatchChoice } from './subItemCalls.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The stub's envelope carries the server's msg for the save, as the real client would. A handler that
// throws the stub's ApiError imitates a refusal (result false with the server's msg): like the real client,
// the mock shows it as an error unless the call is silent.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: Refusal, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const { feedback: shown } = await import('../../../app/feedback.ts');
  class EnvelopeError extends Error {
    readonly kind = 'business';
    readonly envelope: { result: false; code: number; msg: string; data: null };
    constructor(message: string) {
      super(message);
      this.envelope = { result: false, code: 409, msg: message, data: null };
    }
  }
  return {
    ...clientModule,
    ApiError: EnvelopeError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown; silent?: boolean }) => {
      try {
        const data = await calls.call(path, options);
        return { result: true, code: 200, msg: path.endsWith('/save') ? 'The parts are saved' : '', data };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        if (!options?.silent) shown().message.error(error.message);
        throw new EnvelopeError(error.message);
      }
    },
  };
});

const route = { path: '/cjgl/fxcj', title: 'fxcj', titleEn: 'Sub-score settings' } as AppRoute;
const BASE = '/api/scores/subItems';

const BATCHES: SubItemBatchChoice[] = [
  { id: 1, name: 'Midterm scores', termName: '2026-2027 first term', gradeName: 'Grade 10', released: false, ended: false },
  { id: 2, name: 'Monthly scores', termName: '2026-2027 first term', gradeName: 'Grade 10', released: true, ended: false },
];

const ENGLISH: SubItemSubject = {
  courseId: 6,
  courseName: 'English',
  fullMark: 120,
  scored: false,
  items: [
    { id: 11, name: 'Listening', maxScore: 30 },
    { id: 12, name: 'Reading', maxScore: 40 },
    { id: 13, name: 'Writing', maxScore: 50 },
  ],
};
const MATHS: SubItemSubject = { courseId: 5, courseName: 'Maths', fullMark: 100, scored: false, items: [] };
const PHYSICS: SubItemSubject = { courseId: 7, courseName: 'Physics', fullMark: 100, scored: true, items: [] };

const DETAILS: Record<number, SubItemBatch> = {
  1: { ...BATCHES[0]!, subjects: [ENGLISH, MATHS, PHYSICS] },
  2: { ...BATCHES[1]!, subjects: [{ ...MATHS, items: [{ id: 21, name: 'Paper A', maxScore: 60 }, { id: 22, name: 'Paper B', maxScore: 40 }] }] },
};

const success = vi.fn();
const warning = vi.fn();
const error = vi.fn();

beforeEach(async () => {
  stub.reset();
  for (const fn of [success, warning, error]) fn.mockClear();
  setFeedback({ message: { error, success, warning, info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(`${BASE}/batches`, () => BATCHES)
    .on(`${BASE}/get`, (options) => DETAILS[(options?.json as { batchId: number }).batchId])
    .on(`${BASE}/save`, () => null);
  useSession.setState({ permissions: ['score:subScore'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SubItemsPage route={route} />
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent?.startsWith(option));
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

async function openDialog(courseId: number) {
  renderPage();
  await screen.findByText('English');
  fireEvent.click(screen.getByTestId(`sub-items-edit-${courseId}`));
  return screen.findByTestId('sub-items-dialog');
}

const tagTexts = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('.ant-tag')].map((tag) => tag.textContent);

describe('SubItemsPage', () => {
  it("lists the first batch's subjects with their parts and state, and another batch when chosen", async () => {
    renderPage();
    expect(await screen.findByText('English')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/batches`)).toEqual([{}]);
    expect(stub.bodies(`${BASE}/get`)).toEqual([{ batchId: 1 }]);
    expect(screen.getByTestId('sub-items-page')).toBeInTheDocument();
    expect(screen.getByTestId('sub-items-batch').closest('.ant-select')).toHaveTextContent('2026-2027 first term · Grade 10 · Midterm scores');
    const table = screen.getByTestId('sub-items-table');
    expect(within(table).getByText('Maths')).toBeInTheDocument();
    expect(tagTexts('sub-items-parts-6')).toEqual(['Listening 30', 'Reading 40', 'Writing 50']);
    expect(screen.getByTestId('sub-items-parts-5')).toHaveTextContent('—');
    expect(tagTexts('sub-items-state-6')).toEqual([i18n.t('subItemsPage.partCount', { count: 3 })]);
    expect(tagTexts('sub-items-state-5')).toEqual([i18n.t('subItemsPage.whole')]);
    expect(tagTexts('sub-items-state-7')).toEqual([i18n.t('subItemsPage.whole'), i18n.t('subItemsPage.locked')]);
    expect(screen.getByTestId('sub-items-edit-6')).toBeEnabled();
    expect(screen.getByTestId('sub-items-edit-5')).toBeEnabled();
    expect(screen.queryByTestId('sub-items-released')).toBeNull();

    // A released batch is tagged in the choice; its subjects show read-only.
    await pick('sub-items-batch', '2026-2027 first term · Grade 10 · Monthly scores');
    expect(await screen.findByTestId('sub-items-released')).toHaveTextContent(i18n.t('subItemsPage.releasedNote', { name: 'Monthly scores' }));
    expect(stub.bodies(`${BASE}/get`).at(-1)).toEqual({ batchId: 2 });
    const option = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent?.includes('Monthly scores'));
    expect(option).toHaveTextContent(i18n.t('subItemsPage.released'));
    expect(tagTexts('sub-items-parts-5')).toEqual(['Paper A 60', 'Paper B 40']);
    expect(tagTexts('sub-items-state-5')).toEqual([i18n.t('subItemsPage.partCount', { count: 2 }), i18n.t('subItemsPage.released')]);
    expect(screen.getByTestId('sub-items-edit-5')).toBeDisabled();
  });

  it('keeps a subject with scores, and every subject of a released batch, from being edited', async () => {
    renderPage();
    await screen.findByText('Physics');
    const locked = screen.getByTestId('sub-items-edit-7');
    expect(locked).toBeDisabled();
    fireEvent.click(locked);
    expect(screen.queryByTestId('sub-items-dialog')).toBeNull();
    // The tooltip says why.
    fireEvent.mouseEnter(screen.getByTestId('sub-items-action-7'));
    expect(await screen.findByText(i18n.t('subItemsPage.scoredTip'))).toBeInTheDocument();
    expect(lockedReason({ released: true }, { scored: false })).toBe('subItemsPage.releasedTip');
    expect(lockedReason({ released: false }, { scored: true })).toBe('subItemsPage.scoredTip');
    expect(lockedReason({ released: false }, { scored: false })).toBeUndefined();
    expect(lockedReason({ released: false, ended: true }, { scored: false })).toBe('subItemsPage.endedTip');
  });

  it('refuses parts that do not add up to the full mark, and a single part', async () => {
    const dialog = await openDialog(5);
    // A subject scored as a whole starts with two parts to fill in.
    expect(screen.getByTestId('sub-item-name-0')).toHaveValue('');
    expect(screen.getByTestId('sub-item-name-1')).toHaveValue('');
    expect(screen.queryByTestId('sub-item-name-2')).toBeNull();
    type('sub-item-name-0', 'Paper A');
    type('sub-item-max-0', '60');
    type('sub-item-name-1', 'Paper B');
    type('sub-item-max-1', '30');
    await waitFor(() => expect(screen.getByTestId('sub-items-total')).toHaveTextContent(i18n.t('subItemsPage.total', { sum: 90, full: 100 })));
    expect(screen.getByTestId('sub-items-total')).toHaveClass('sub-items-total-off');
    fireEvent.click(screen.getByTestId('sub-items-save'));
    const mismatch = i18n.t('scoreSub.sumMismatch', { course: 'Maths', sum: 90, full: 100 });
    expect(await within(dialog).findByText(mismatch)).toBeInTheDocument();
    expect(stub.calls(`${BASE}/save`)).toHaveLength(0);

    // Put right, the message goes and the total turns green.
    type('sub-item-max-1', '40');
    await waitFor(() => expect(within(dialog).queryByText(mismatch)).toBeNull());
    expect(screen.getByTestId('sub-items-total')).toHaveClass('sub-items-total-ok');

    // One part alone is refused; the same name twice too.
    fireEvent.click(screen.getByTestId('sub-item-remove-1'));
    await waitFor(() => expect(screen.queryByTestId('sub-item-name-1')).toBeNull());
    fireEvent.click(screen.getByTestId('sub-items-save'));
    expect(await within(dialog).findByText(i18n.t('scoreSub.atLeastTwo'))).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('sub-items-add'));
    // A new part takes what is missing to the full mark.
    await waitFor(() => expect(screen.getByTestId('sub-item-max-1')).toHaveValue('40'));
    type('sub-item-name-1', 'Paper A ');
    fireEvent.click(screen.getByTestId('sub-items-save'));
    expect(await within(dialog).findByText(i18n.t('scoreSub.nameTwice'))).toBeInTheDocument();
    // A part needs its name and a maximum with at most two decimals.
    type('sub-item-name-1', '');
    type('sub-item-max-1', '40.125');
    fireEvent.click(screen.getByTestId('sub-items-save'));
    expect(await within(dialog).findByText(i18n.t('common.nameRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('scoreSub.maxFormat'))).toBeInTheDocument();
    expect(stub.calls(`${BASE}/save`)).toHaveLength(0);
  });

  it('saves a good list in the shape of the contract, then closes and reads the batch again', async () => {
    await openDialog(6);
    expect(screen.getByTestId('sub-item-name-0')).toHaveValue('Listening');
    expect(screen.getByTestId('sub-item-max-2')).toHaveValue('50');
    expect(screen.getByTestId('sub-items-total')).toHaveTextContent(i18n.t('subItemsPage.total', { sum: 120, full: 120 }));
    type('sub-item-name-0', ' Oral ');
    type('sub-item-max-2', '39.5');
    fireEvent.click(screen.getByTestId('sub-items-add'));
    await waitFor(() => expect(screen.getByTestId('sub-item-max-3')).toHaveValue('10.5'));
    type('sub-item-name-3', 'Speaking');
    await waitFor(() => expect(screen.getByTestId('sub-items-total')).toHaveClass('sub-items-total-ok'));
    fireEvent.click(screen.getByTestId('sub-items-save'));

    await waitFor(() => expect(stub.calls(`${BASE}/save`)).toHaveLength(1));
    const body = stub.bodies(`${BASE}/save`)[0];
    expect(body).toEqual({
      batchId: 1,
      courseId: 6,
      items: [
        { name: 'Oral', maxScore: 30 },
        { name: 'Reading', maxScore: 40 },
        { name: 'Writing', maxScore: 39.5 },
        { name: 'Speaking', maxScore: 10.5 },
      ],
    });
    expect(subItemsSaveSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('The parts are saved'));
    await waitFor(() => expect(screen.queryByTestId('sub-items-dialog')).toBeNull());
    await waitFor(() => expect(stub.calls(`${BASE}/get`)).toHaveLength(2));
  });

  it('scores a subject as a whole again with an empty list', async () => {
    await openDialog(6);
    fireEvent.click(screen.getByTestId('sub-items-whole'));
    await waitFor(() => expect(screen.queryByTestId('sub-item-name-0')).toBeNull());
    expect(screen.getByTestId('sub-items-total')).toHaveTextContent(i18n.t('subItemsPage.totalWhole', { full: 120 }));
    expect(screen.getByTestId('sub-items-whole')).toBeDisabled();
    fireEvent.click(screen.getByTestId('sub-items-save'));
    await waitFor(() => expect(stub.bodies(`${BASE}/save`)).toEqual([{ batchId: 1, courseId: 6, items: [] }]));
    await waitFor(() => expect(screen.queryByTestId('sub-items-dialog')).toBeNull());
  });

  it("shows the server's refusal and keeps the dialog open with what was typed", async () => {
    const refusal = 'English already has scores: its parts can no longer change';
    stub.on(`${BASE}/save`, () => {
      throw new ApiError(refusal);
    });
    await openDialog(6);
    type('sub-item-name-1', 'Reading aloud');
    fireEvent.click(screen.getByTestId('sub-items-save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
    expect(stub.bodies(`${BASE}/save`)[0]?.items).toEqual([
      { name: 'Listening', maxScore: 30 },
      { name: 'Reading aloud', maxScore: 40 },
      { name: 'Writing', maxScore: 50 },
    ]);
    expect(success).not.toHaveBeenCalled();
    // The batch is read again (its state may have changed) without losing what was typed.
    await waitFor(() => expect(stub.calls(`${BASE}/get`)).toHaveLength(2));
    expect(screen.getByTestId('sub-items-dialog')).toBeInTheDocument();
    expect(screen.getByTestId('sub-item-name-1')).toHaveValue('Reading aloud');
    expect(screen.getByTestId('sub-items-save')).toBeEnabled();
  });

  it('shows a page without batches', async () => {
    stub.on(`${BASE}/batches`, () => []);
    renderPage();
    expect(await screen.findByTestId('sub-items-no-batches')).toHaveTextContent(i18n.t('subItemsPage.noBatches'));
    expect(stub.calls(`${BASE}/get`)).toHaveLength(0);
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    const dialog = await openDialog(5);
    expect(screen.getByText('Parts of Maths')).toBeInTheDocument();
    type('sub-item-name-0', 'Paper A');
    type('sub-item-max-0', '50');
    type('sub-item-name-1', 'Paper B');
    type('sub-item-max-1', '20');
    fireEvent.click(screen.getByTestId('sub-items-save'));
    expect(await within(dialog).findByText('The parts of Maths add up to 70: they must add up to its full mark 100')).toBeInTheDocument();
    expect(screen.getByTestId('sub-items-total')).toHaveTextContent('Total 70 / 100');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByTestId('sub-items-cancel'));
    await waitFor(() => expect(screen.queryByTestId('sub-items-dialog')).toBeNull());
    expect(screen.getByTestId('sub-items-state-7')).toHaveTextContent('Locked: scores entered');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('labels batches and parts, adds up maxima and mirrors the checks of the list', () => {
    expect(batchLabel(BATCHES[0]!)).toBe('2026-2027 first term · Grade 10 · Midterm scores');
    expect(partLabel({ name: 'Listening', maxScore: 12.5 })).toBe('Listening 12.5');
    expect(showNumber(0.1 + 0.2)).toBe('0.3');
    expect(partsTotal([{ maxScore: 33.33 }, { maxScore: 33.33 }, { maxScore: 33.34 }, {}])).toBe(100);
    expect(totalMatches([{ maxScore: 33.33 }, { maxScore: 33.33 }, { maxScore: 33.34 }], 100)).toBe(true);
    expect(newPart([{ maxScore: 60 }], 100)).toEqual({ maxScore: 40 });
    expect(newPart([{ maxScore: 60 }, {}], 100)).toEqual({});
    expect(newPart([{ maxScore: 100 }], 100)).toEqual({});
    expect(initialParts(MATHS)).toEqual([{}, {}]);
    expect(initialParts(ENGLISH)).toEqual([
      { name: 'Listening', maxScore: 30 },
      { name: 'Reading', maxScore: 40 },
      { name: 'Writing', maxScore: 50 },
    ]);
    expect(partsBody(1, 5, [{ name: ' A ', maxScore: 1 }])).toEqual({ batchId: 1, courseId: 5, items: [{ name: 'A', maxScore: 1 }] });
    const maths = { courseName: 'Maths', fullMark: 100 };
    expect(partsMessage([], maths)).toBeUndefined();
    expect(partsMessage([{ name: 'A', maxScore: 100 }], maths)).toEqual({ key: 'scoreSub.atLeastTwo' });
    expect(partsMessage(Array.from({ length: 11 }, (_, index) => ({ name: `P${index}`, maxScore: 1 })), maths)).toEqual({ key: 'scoreSub.tooMany' });
    expect(partsMessage([{ name: 'A', maxScore: 50 }, { name: ' A', maxScore: 50 }], maths)).toEqual({ key: 'scoreSub.nameTwice' });
    expect(partsMessage([{ name: 'A', maxScore: 50 }, { name: 'B', maxScore: 40 }], maths)).toEqual({ key: 'scoreSub.sumMismatch', values: { course: 'Maths', sum: '90', full: '100' } });
    // The total counts once every maximum is valid.
    expect(partsMessage([{ name: 'A', maxScore: 50 }, { name: 'B' }], maths)).toBeUndefined();
    expect(partsMessage([{ name: 'A', maxScore: 50 }, { name: 'B', maxScore: 50 }], maths)).toBeUndefined();
  });
});
