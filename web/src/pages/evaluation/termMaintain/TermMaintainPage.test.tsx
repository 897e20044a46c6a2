import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import { evaluationThemeFormSchema, type EvaluationClassProgress, type EvaluationTheme, type EvaluationThemeList } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import TermMaintainPage from './TermMaintainPage.tsx';
import { itemBody, itemHint, kindDefaults, percentOf, themeBody, themeMessages, themeValues } from './themeModel.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// As in the score pages: a handler that throws the stub's ApiError is a refusal (result false with the
// server's msg), shown by the client unless silent and rejected with the client's ApiError (its envelope).
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
  const wrap = async (path: string, options?: { json?: unknown; silent?: boolean }) => {
    try {
      return await calls.call(path, options);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (!options?.silent) shown().message.error(error.message);
      throw new EnvelopeError(error.message);
    }
  };
  const messages: Record<string, string> = {
    '/api/evaluation/themes/save': 'The theme is saved',
    '/api/evaluation/themes/release': '1 theme is released',
    '/api/evaluation/themes/delete': 'Deleted',
  };
  return {
    ...clientModule,
    ApiError: EnvelopeError,
    ERROR_DURATION_SECONDS: 5,
    call: wrap,
    request: async (path: string, options?: { json?: unknown; silent?: boolean }) => {
      const data = await wrap(path, options);
      return { result: true, code: 200, msg: messages[path] ?? '', data };
    },
  };
});

const route = { path: '/xspj/qmpjwh', title: 'qmpjwh', titleEn: 'End-of-term evaluation setup' } as AppRoute;
const LIST = '/api/evaluation/themes/list';
const SAVE = '/api/evaluation/themes/save';
const DELETE = '/api/evaluation/themes/delete';
const RELEASE = '/api/evaluation/themes/release';
const PROGRESS = '/api/evaluation/themes/progress';
const GRADE_LIST = [{ id: 10, name: 'Grade 10' }, { id: 11, name: 'Grade 11' }, { id: 12, name: 'Grade 12' }];

const TERMS: EvaluationThemeList['terms'] = [
  { id: 1, name: '2026-2027 first term', isCurrent: true },
  { id: 2, name: '2025-2026 second term', isCurrent: false },
];

const MORAL: EvaluationTheme = {
  id: 11,
  termId: 1,
  name: 'Term conduct',
  type: 'moral',
  gradeIds: [10, 11],
  gradeNames: ['Grade 10', 'Grade 11'],
  fillStart: '2027-01-05',
  fillEnd: '2027-01-20',
  period: 'open',
  released: false,
  releasedAt: null,
  remarks: 'For the report card',
  items: [
    { id: 101, name: 'Level', kind: 'enum', required: true, maxLength: null, min: null, max: null, precision: null, options: ['A', 'B', 'C'] },
    { id: 102, name: 'Score', kind: 'number', required: false, maxLength: null, min: 0, max: 10, precision: 1, options: null },
    { id: 103, name: 'Remark', kind: 'text', required: false, maxLength: 100, min: null, max: null, precision: null, options: null },
  ],
  filled: 30,
  students: 120,
};
const COMMENT: EvaluationTheme = {
  ...MORAL,
  id: 12,
  name: "Class teacher's comment",
  type: 'comment',
  gradeIds: [10],
  gradeNames: ['Grade 10'],
  period: 'closed',
  released: true,
  releasedAt: '2027-01-25 10:00',
  remarks: '',
  items: [{ id: 104, name: 'Comment', kind: 'text', required: true, maxLength: 300, min: null, max: null, precision: null, options: null }],
  filled: 60,
  students: 60,
};
const OLD: EvaluationTheme = { ...MORAL, id: 5, termId: 2, name: 'Spring health', type: 'health', period: 'notStarted', filled: 0, students: 0 };
const BY_TERM: Record<number, EvaluationTheme[]> = { 1: [MORAL, COMMENT], 2: [OLD] };
const PROGRESS_ROWS: EvaluationClassProgress[] = [
  { classId: 201, className: 'Class 10-1', gradeName: 'Grade 10', classTeacherName: 'Ms Wang', filled: 20, students: 40 },
  { classId: 202, className: 'Class 10-2', gradeName: 'Grade 10', classTeacherName: null, filled: 10, students: 40 },
];

const success = vi.fn();
const warning = vi.fn();
const error = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  stub.reset();
  for (const fn of [success, warning, error]) fn.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error, success, warning, info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(LIST, (options) => {
      const termId = (options?.json as { termId?: number }).termId ?? 1;
      return { terms: TERMS, termId, grades: GRADE_LIST, themes: BY_TERM[termId] ?? [] };
    })
    .on(SAVE, () => ({ id: 99 }))
    .on(DELETE, () => null)
    .on(RELEASE, () => ({ count: 1 }))
    .on(PROGRESS, () => PROGRESS_ROWS);
  useSession.setState({ permissions: ['evaluation:termMaintain'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TermMaintainPage route={route} />
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

/** Types options into an enum item's tags input, each confirmed with Enter. */
async function typeOptions(testId: string, options: string[]) {
  const input = within((await screen.findByTestId(testId)).closest('.ant-select') as HTMLElement).getByRole('combobox');
  for (const option of options) {
    fireEvent.change(input, { target: { value: option } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  }
}

/** Types the filling period into the range picker, each end confirmed with Enter. */
async function typePeriod(start: string, end: string) {
  const inputs = screen.getAllByTestId('evaluation-theme-period')[0]!.closest('.ant-picker')!.querySelectorAll('input');
  for (const [index, value] of [start, end].entries()) {
    const input = inputs[index] as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  }
  await waitFor(() => expect((inputs[1] as HTMLInputElement).value).toBe(end));
}

async function openAdd() {
  renderPage();
  await screen.findByText('Term conduct');
  fireEvent.click(screen.getByTestId('evaluation-theme-add'));
  return screen.findByTestId('evaluation-theme-dialog');
}

/** The theme's own fields: name, type, two grades and the period. */
async function fillTheme() {
  type('evaluation-theme-name', 'Art literacy');
  await pick('evaluation-theme-type', i18n.t('termMaintainPage.type.art'));
  await pick('evaluation-theme-grades', 'Grade 10');
  await pick('evaluation-theme-grades', 'Grade 12');
  await typePeriod('2027-01-06', '2027-01-18');
}

describe('TermMaintainPage', () => {
  it("lists the current term's themes with their type, grades, period, release and progress, and another term when chosen", async () => {
    renderPage();
    expect(await screen.findByText('Term conduct')).toBeInTheDocument();
    expect(stub.bodies(LIST)).toEqual([{}]);
    expect(screen.getByTestId('evaluation-maintain-term').closest('.ant-select')).toHaveTextContent('2026-2027 first term');
    expect(screen.getByTestId('evaluation-theme-type-11')).toHaveTextContent('思想品德');
    expect(screen.getByTestId('evaluation-theme-type-12')).toHaveTextContent('班主任评语');
    const table = screen.getByTestId('evaluation-themes-table');
    expect(within(table).getByText('Grade 10、Grade 11')).toBeInTheDocument();
    expect(screen.getByTestId('evaluation-theme-period-11')).toHaveTextContent('2027-01-05 ~ 2027-01-20');
    expect(screen.getByTestId('evaluation-theme-period-11')).toHaveTextContent(i18n.t('termMaintainPage.period.open'));
    expect(screen.getByTestId('evaluation-theme-period-12')).toHaveTextContent(i18n.t('termMaintainPage.period.closed'));
    expect(screen.getByTestId('evaluation-theme-released-11')).toHaveTextContent(i18n.t('termMaintainPage.notReleased'));
    expect(screen.getByTestId('evaluation-theme-released-12')).toHaveTextContent(i18n.t('termMaintainPage.isReleased'));
    expect(screen.getByTestId('evaluation-theme-released-12')).toHaveTextContent('2027-01-25 10:00');
    expect(screen.getByTestId('evaluation-theme-progress-11')).toHaveTextContent('30 / 120');
    expect(screen.getByTestId('evaluation-theme-progress-11').querySelector('.ant-progress-bg, .ant-progress-bg-outer, [class*="ant-progress"]')).not.toBeNull();
    expect(screen.getByTestId('evaluation-theme-release-11')).toBeInTheDocument();
    expect(screen.getByTestId('evaluation-theme-withdraw-12')).toBeInTheDocument();

    await pick('evaluation-maintain-term', '2025-2026 second term');
    expect(await screen.findByText('Spring health')).toBeInTheDocument();
    expect(stub.bodies(LIST).at(-1)).toEqual({ termId: 2 });
    expect(screen.queryByText('Term conduct')).toBeNull();
    expect(screen.getByTestId('evaluation-theme-period-5')).toHaveTextContent(i18n.t('termMaintainPage.period.notStarted'));
  });

  it('refuses an enum item with one option and a number item with its minimum not below its maximum, without a call', async () => {
    const dialog = await openAdd();
    expect(within(dialog).getByTestId('evaluation-theme-term')).toHaveTextContent('2026-2027 first term');
    await fillTheme();
    type('evaluation-item-name-0', 'Level');
    await pick('evaluation-item-kind-0', i18n.t('termMaintainPage.kind.enum'));
    await typeOptions('evaluation-item-options-0', ['Good']);
    fireEvent.click(screen.getByTestId('evaluation-item-add'));
    type('evaluation-item-name-1', 'Hours');
    await pick('evaluation-item-kind-1', i18n.t('termMaintainPage.kind.number'));
    // A number item starts from 0 to 100, whole numbers.
    expect(await screen.findByTestId('evaluation-item-min-1')).toHaveValue('0');
    expect(screen.getByTestId('evaluation-item-max-1')).toHaveValue('100');
    type('evaluation-item-min-1', '10');
    type('evaluation-item-max-1', '10');

    fireEvent.click(screen.getByTestId('evaluation-theme-dialog-ok'));
    const options = i18n.t('termEvaluation.optionsRange');
    const order = i18n.t('termEvaluation.minBelowMax');
    expect(await within(dialog).findByText(options)).toBeInTheDocument();
    expect(await within(dialog).findByText(order)).toBeInTheDocument();
    expect(stub.calls(SAVE)).toHaveLength(0);

    // Put right, the messages go; an option longer than 20 characters is refused in its turn.
    await typeOptions('evaluation-item-options-0', ['Fair']);
    type('evaluation-item-max-1', '40');
    await waitFor(() => expect(within(dialog).queryByText(options)).toBeNull());
    await waitFor(() => expect(within(dialog).queryByText(order)).toBeNull());
    await typeOptions('evaluation-item-options-0', ['x'.repeat(21)]);
    fireEvent.click(screen.getByTestId('evaluation-theme-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('termEvaluation.optionTooLong'))).toBeInTheDocument();
    expect(stub.calls(SAVE)).toHaveLength(0);
  });

  it('checks the name, grades, period and item names with the contract messages', async () => {
    const dialog = await openAdd();
    type('evaluation-item-name-0', '');
    fireEvent.click(screen.getByTestId('evaluation-theme-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('common.nameRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('termEvaluation.typeRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('termEvaluation.gradesRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('termEvaluation.periodFormat'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('termEvaluation.itemNameRequired'))).toBeInTheDocument();
    // No item at all is refused as a whole.
    fireEvent.click(screen.getByTestId('evaluation-item-remove-0'));
    expect(await within(dialog).findByText(i18n.t('termEvaluation.itemsRequired'))).toBeInTheDocument();
    // Two items of one name.
    fireEvent.click(screen.getByTestId('evaluation-item-add'));
    fireEvent.click(screen.getByTestId('evaluation-item-add'));
    type('evaluation-item-name-0', 'Comment');
    type('evaluation-item-name-1', 'Comment');
    fireEvent.click(screen.getByTestId('evaluation-theme-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('termEvaluation.itemNameTwice'))).toBeInTheDocument();
    expect(stub.calls(SAVE)).toHaveLength(0);
  });

  it('sends a valid new theme in the shape of the contract, then closes and reads the list again', async () => {
    await openAdd();
    await fillTheme();
    type('evaluation-theme-remarks', ' Shown on the report ');
    type('evaluation-item-name-0', 'Performance');
    await pick('evaluation-item-kind-0', i18n.t('termMaintainPage.kind.enum'));
    await typeOptions('evaluation-item-options-0', ['Excellent', 'Good', 'Fair']);
    fireEvent.click(screen.getByTestId('evaluation-item-add'));
    type('evaluation-item-name-1', 'Hours');
    await pick('evaluation-item-kind-1', i18n.t('termMaintainPage.kind.number'));
    await screen.findByTestId('evaluation-item-min-1');
    type('evaluation-item-min-1', '0');
    type('evaluation-item-max-1', '99.5');
    await pick('evaluation-item-precision-1', i18n.t('termMaintainPage.item.decimals', { places: 1 }));
    fireEvent.click(screen.getByTestId('evaluation-item-required-1'));
    fireEvent.click(screen.getByTestId('evaluation-item-add'));
    type('evaluation-item-name-2', 'Works');
    type('evaluation-item-maxLength-2', '50');
    // The text item goes first.
    fireEvent.click(screen.getByTestId('evaluation-item-up-2'));
    fireEvent.click(screen.getByTestId('evaluation-item-up-1'));
    fireEvent.click(screen.getByTestId('evaluation-theme-dialog-ok'));

    await waitFor(() => expect(stub.calls(SAVE)).toHaveLength(1));
    const body = stub.bodies(SAVE)[0];
    expect(body).toEqual({
      termId: 1,
      name: 'Art literacy',
      type: 'art',
      gradeIds: [10, 12],
      fillStart: '2027-01-06',
      fillEnd: '2027-01-18',
      remarks: 'Shown on the report',
      items: [
        { name: 'Works', kind: 'text', required: true, maxLength: 50, min: null, max: null, precision: null, options: null },
        { name: 'Performance', kind: 'enum', required: true, maxLength: null, min: null, max: null, precision: null, options: ['Excellent', 'Good', 'Fair'] },
        { name: 'Hours', kind: 'number', required: false, maxLength: null, min: 0, max: 99.5, precision: 1, options: null },
      ],
    });
    expect(evaluationThemeFormSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('The theme is saved'));
    await waitFor(() => expect(screen.queryByTestId('evaluation-theme-dialog')).toBeNull());
    await waitFor(() => expect(stub.calls(LIST)).toHaveLength(2));
  });

  it('modifies a theme with its id and the ids of its items, and keeps the dialog open when the server refuses', async () => {
    const refusal = 'Level already has answers filled in: it cannot be removed or change its type';
    stub.on(SAVE, () => {
      throw new ApiError(refusal);
    });
    renderPage();
    await screen.findByText('Term conduct');
    fireEvent.click(screen.getByTestId('evaluation-theme-edit-11'));
    const dialog = await screen.findByTestId('evaluation-theme-dialog');
    expect(screen.getByTestId('evaluation-theme-name')).toHaveValue('Term conduct');
    expect(within(dialog).queryByTestId('evaluation-theme-term')).toBeNull();
    expect(screen.getByTestId('evaluation-item-name-2')).toHaveValue('Remark');
    expect(screen.getByTestId('evaluation-item-maxLength-2')).toHaveValue('100');
    type('evaluation-theme-name', 'Conduct and character');
    fireEvent.click(screen.getByTestId('evaluation-item-remove-1'));
    fireEvent.click(screen.getByTestId('evaluation-theme-dialog-ok'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
    expect(stub.bodies(SAVE)).toEqual([
      {
        id: 11,
        termId: 1,
        name: 'Conduct and character',
        type: 'moral',
        gradeIds: [10, 11],
        fillStart: '2027-01-05',
        fillEnd: '2027-01-20',
        remarks: 'For the report card',
        items: [
          { id: 101, name: 'Level', kind: 'enum', required: true, maxLength: null, min: null, max: null, precision: null, options: ['A', 'B', 'C'] },
          { id: 103, name: 'Remark', kind: 'text', required: false, maxLength: 100, min: null, max: null, precision: null, options: null },
        ],
      },
    ]);
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByTestId('evaluation-theme-dialog')).toBeInTheDocument();
    expect(screen.getByTestId('evaluation-theme-name')).toHaveValue('Conduct and character');
  });

  it('releases and withdraws after confirming, deletes after confirming, and shows the progress by class', async () => {
    renderPage();
    await screen.findByText('Term conduct');
    fireEvent.click(screen.getByTestId('evaluation-theme-release-11'));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect((confirm.mock.calls[0]![0] as ModalFuncProps).title).toBe(i18n.t('termMaintainPage.releaseTitle', { name: 'Term conduct' }));
    await act(async () => {
      await (confirm.mock.calls[0]![0] as ModalFuncProps).onOk!();
    });
    expect(stub.bodies(RELEASE)).toEqual([{ ids: [11], released: true }]);
    expect(success).toHaveBeenCalledWith('1 theme is released');
    await waitFor(() => expect(stub.calls(LIST)).toHaveLength(2));

    fireEvent.click(screen.getByTestId('evaluation-theme-withdraw-12'));
    await act(async () => {
      await (confirm.mock.calls[1]![0] as ModalFuncProps).onOk!();
    });
    expect(stub.bodies(RELEASE)[1]).toEqual({ ids: [12], released: false });

    fireEvent.click(screen.getByTestId('evaluation-theme-delete-12'));
    expect(await screen.findByText(i18n.t('termMaintainPage.deleteConfirm', { name: "Class teacher's comment" }))).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId('delete-confirm-ok'));
    await waitFor(() => expect(stub.bodies(DELETE)).toEqual([{ ids: [12] }]));

    fireEvent.click(screen.getByTestId('evaluation-theme-progress-open-11'));
    const progress = await screen.findByTestId('evaluation-progress-dialog');
    expect(await within(progress).findByText('Class 10-1')).toBeInTheDocument();
    expect(stub.bodies(PROGRESS)).toEqual([{ themeId: 11 }]);
    expect(within(progress).getByText('Ms Wang')).toBeInTheDocument();
    expect(within(progress).getByText(i18n.t('termMaintainPage.noClassTeacher'))).toBeInTheDocument();
    expect(within(progress).getByTestId('evaluation-class-progress-201')).toHaveTextContent('20 / 40');
    expect(within(progress).getByTestId('evaluation-progress-total')).toHaveTextContent(i18n.t('termMaintainPage.progressTotal', { classes: 2, filled: 30, students: 80 }));
  });

  it('shows a failed list with a retry, and the grades of the themes when the grades cannot be loaded', async () => {
    let fail = true;
    stub.on(LIST, () => {
      if (fail) throw new ApiError('The themes are not available now');
      return { terms: TERMS, termId: 1, grades: [], themes: [MORAL] };
    });
    renderPage();
    expect(await screen.findByTestId('evaluation-themes-error')).toHaveTextContent('The themes are not available now');
    expect(error).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByTestId('evaluation-themes-retry'));
    expect(await screen.findByText('Term conduct')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('evaluation-theme-add'));
    const dialog = await screen.findByTestId('evaluation-theme-dialog');
    expect(within(dialog).getByTestId('evaluation-theme-grades-missing')).toBeInTheDocument();
    await pick('evaluation-theme-grades', 'Grade 11');
    expect(error).not.toHaveBeenCalled();
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    const dialog = await openAdd();
    expect(screen.getByText('Add evaluation theme')).toBeInTheDocument();
    await pick('evaluation-item-kind-0', 'Enum');
    fireEvent.click(screen.getByTestId('evaluation-theme-dialog-ok'));
    expect(await within(dialog).findByText('An enum item has from 2 to 10 options')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByTestId('evaluation-theme-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('evaluation-theme-dialog')).toBeNull());
    expect(screen.getByTestId('evaluation-theme-type-12')).toHaveTextContent("Class teacher's comment");
    expect(screen.getByTestId('evaluation-theme-period-11')).toHaveTextContent('Open');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    expect(stub.calls(SAVE)).toHaveLength(0);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('builds the body by kind and maps the schema messages to the form', () => {
    expect(itemBody({ id: 4, name: ' Level ', kind: 'enum', required: true, maxLength: 200, min: 1, options: [' A ', 'B'] })).toEqual({
      id: 4,
      name: 'Level',
      kind: 'enum',
      required: true,
      maxLength: null,
      min: null,
      max: null,
      precision: null,
      options: ['A', 'B'],
    });
    expect(kindDefaults('number')).toEqual({ min: 0, max: 100, precision: 0 });
    expect(kindDefaults('text', { maxLength: 80 })).toEqual({ maxLength: 80 });
    expect(kindDefaults('enum', { options: ['x'] })).toEqual({ options: ['x'] });
    expect(themeValues(MORAL).period).toEqual(['2027-01-05', '2027-01-20']);
    expect(themeBody(themeValues(MORAL), 1, 11)).toMatchObject({ id: 11, termId: 1, fillStart: '2027-01-05', fillEnd: '2027-01-20' });
    expect(evaluationThemeFormSchema.safeParse(themeBody(themeValues(MORAL), 1, 11)).success).toBe(true);
    const messages = themeMessages(
      {
        name: 'X',
        type: 'art',
        gradeIds: [10],
        period: ['2027-01-10', '2027-01-02'],
        items: [
          { name: 'A', kind: 'number', required: true, min: 1.5, max: 10, precision: 0 },
          { name: 'B', kind: 'enum', required: true, options: ['x', 'x'] },
        ],
      },
      1,
    );
    expect(messages.get('period')).toBe('termEvaluation.periodOrder');
    expect(messages.get('items.0.min')).toBe('termEvaluation.boundPrecision');
    expect(messages.get('items.1.options')).toBe('termEvaluation.optionTwice');
    expect(messages.get('name')).toBeUndefined();
    expect(itemHint(MORAL.items[1]!)).toEqual({ key: 'termMaintainPage.hint.numberDecimals', values: { min: 0, max: 10, precision: 1 } });
    expect(itemHint(MORAL.items[0]!)).toEqual({ key: 'termMaintainPage.hint.enum', values: { options: 'A / B / C' } });
    expect(percentOf(30, 120)).toBe(25);
    expect(percentOf(0, 0)).toBe(0);
  });
});
