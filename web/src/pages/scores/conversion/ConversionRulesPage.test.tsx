import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { conversionRuleFormSchema, scoreSystemFormSchema, type ConversionLevel, type ConversionRuleRow, type ScoreSystemRow } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ConversionRulesPage, { textOn, toRuleSearch } from './ConversionRulesPage.tsx';
import { LEVEL_COLOURS, levelsMessage, newLevel } from './RuleForm.tsx';
import { linesMessage } from './SystemForm.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The stub's envelope carries the server's msg for the writes, as the real client would. A handler that
// throws the stub's ApiError imitates a refusal (result false with the server's msg): like the real client,
// the mock shows it as an error unless the call is silent (the delete button shows it itself, as a warning).
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
  const messages: Record<string, string> = { create: 'Added successfully', update: 'Modified successfully', delete: 'Deleted successfully' };
  return {
    ...clientModule,
    ApiError: EnvelopeError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown; silent?: boolean }) => {
      try {
        const data = await calls.call(path, options);
        return { result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        if (!options?.silent) shown().message.error(error.message);
        throw new EnvelopeError(error.message);
      }
    },
    download: vi.fn(async () => new Blob()),
  };
});

const route = { path: '/cjgl/hsgz', titleEn: 'Conversion rules' } as AppRoute;
const RULES = '/api/scores/rules';
const SYSTEMS = '/api/scores/systems';

const level = (name: string, lowestScore: number, highestScore: number, convertedScore: number, colour: string, lowestRate: number, highestRate: number, enabled = true): ConversionLevel => ({
  name,
  lowestScore,
  highestScore,
  convertedScore,
  colour,
  enabled,
  lowestRate,
  highestRate,
});

const RULE_ROWS: ConversionRuleRow[] = [
  {
    id: 1,
    name: 'Five levels',
    enabled: true,
    remarks: '',
    levels: [
      level('A', 90, 100, 95, '#52C41A', 0, 15),
      level('B', 75, 89, 82, '#1677FF', 15, 50),
      level('C', 60, 74, 67, '#FAAD14', 50, 85),
      level('D', 0, 59, 40, '#F5222D', 85, 100, false),
    ],
    systems: 2,
    updatedAt: '2026-11-02 10:15',
  },
  { id: 2, name: 'Pass or fail', enabled: false, remarks: 'Old', levels: [level('P', 60, 100, 100, '#52C41A', 0, 80), level('F', 0, 59, 0, '#8C8C8C', 80, 100)], systems: 0, updatedAt: '2026-10-01 08:00' },
];

const system = (id: number, extra: Partial<ScoreSystemRow> = {}): ScoreSystemRow => ({
  id,
  name: `System ${id}`,
  fullMark: 100,
  passLine: 60,
  goodLine: 80,
  excellentLine: 90,
  conversionRuleId: null,
  conversionRuleName: '',
  enabled: true,
  remarks: '',
  inUse: false,
  ...extra,
});

const SYSTEM_ROWS: ScoreSystemRow[] = [
  system(1, { name: 'Out of 100', conversionRuleId: 1, conversionRuleName: 'Five levels', inUse: true }),
  system(2, { name: 'Out of 150', fullMark: 150, passLine: 90, goodLine: 120, excellentLine: 135.5 }),
];

const success = vi.fn();
const warning = vi.fn();
const error = vi.fn();

beforeEach(async () => {
  stub.reset();
  for (const fn of [success, warning, error]) fn.mockClear();
  setFeedback({ message: { error, success, warning, info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(`${RULES}/page`, () => ({ total: RULE_ROWS.length, rows: RULE_ROWS }))
    .on(`${RULES}/create`, () => ({ id: 9 }))
    .on(`${RULES}/update`, () => null)
    .on(`${SYSTEMS}/page`, () => ({ total: SYSTEM_ROWS.length, rows: SYSTEM_ROWS }))
    .on(`${SYSTEMS}/options`, () => ({ rules: [{ id: 1, name: 'Five levels' }] }))
    .on(`${SYSTEMS}/create`, () => ({ id: 9 }))
    .on(`${SYSTEMS}/update`, () => null);
  useSession.setState({ permissions: ['score:conversion', 'score:conversion:edit', 'score:conversion:delete'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConversionRulesPage route={route} />
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

async function openSystems() {
  fireEvent.click(screen.getByTestId('score-rule-tab-systems'));
  return screen.findByText('Out of 150');
}

/** Fills a level's row of the rule form. */
function fillLevel(row: number, values: { name?: string; low?: string; high?: string; converted?: string; lowRate?: string; highRate?: string }) {
  if (values.name !== undefined) type(`score-level-name-${row}`, values.name);
  if (values.low !== undefined) type(`score-level-lowestScore-${row}`, values.low);
  if (values.high !== undefined) type(`score-level-highestScore-${row}`, values.high);
  if (values.converted !== undefined) type(`score-level-convertedScore-${row}`, values.converted);
  if (values.lowRate !== undefined) type(`score-level-lowestRate-${row}`, values.lowRate);
  if (values.highRate !== undefined) type(`score-level-highestRate-${row}`, values.highRate);
}

describe('ConversionRulesPage', () => {
  it('lists the rules with their levels as coloured tags, and the score systems on the other tab', async () => {
    renderPage();
    expect(await screen.findByText('Five levels')).toBeInTheDocument();
    expect(stub.bodies(`${RULES}/page`)[0]?.search).toEqual({ keyword: '' });
    const tags = [...screen.getByTestId('score-rule-levels-1').querySelectorAll('.ant-tag')];
    expect(tags.map((tag) => tag.textContent)).toEqual(['A 90–100 → 95', 'B 75–89 → 82', 'C 60–74 → 67', 'D 0–59 → 40']);
    expect(tags[0]).toHaveStyle({ background: '#52C41A' });
    // A level not used is struck through.
    expect(tags[3]).toHaveClass('score-rule-level-off');
    expect(screen.getByTestId('score-rule-systems-1')).toHaveTextContent('2');
    const second = screen.getByText('Pass or fail').closest('tr') as HTMLElement;
    expect(within(second).getByText(i18n.t('manage.disabled'))).toBeInTheDocument();
    expect(within(second).getByText('2026-10-01 08:00')).toBeInTheDocument();
    for (const action of ['view', 'edit', 'delete']) expect(screen.getByTestId(`score-rule-${action}-1`)).toBeInTheDocument();

    type('score-rule-search-keyword', ' five ');
    await pick('score-rule-search-enabled', i18n.t('manage.disabled'));
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies(`${RULES}/page`).at(-1)?.search).toEqual({ keyword: 'five', enabled: false }));

    await openSystems();
    const first = screen.getByText('Out of 100').closest('tr') as HTMLElement;
    expect(within(first).getByText('Five levels')).toBeInTheDocument();
    expect(screen.getByTestId('score-system-in-use-1')).toHaveTextContent(i18n.t('scoreRulePage.inUse'));
    expect(screen.queryByTestId('score-system-in-use-2')).toBeNull();
    const other = screen.getByText('Out of 150').closest('tr') as HTMLElement;
    expect(within(other).getByText(i18n.t('scoreRulePage.noRule'))).toBeInTheDocument();
    expect(within(other).getByText('135.5')).toBeInTheDocument();
    for (const action of ['view', 'edit', 'delete']) expect(screen.getByTestId(`score-system-${action}-1`)).toBeInTheDocument();
    type('score-system-search-keyword', ' 150 ');
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies(`${SYSTEMS}/page`).at(-1)?.search).toEqual({ keyword: '150' }));
  });

  it("checks a rule's levels with the contract's messages, then saves it in the contract's shape", async () => {
    renderPage();
    await screen.findByText('Five levels');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('score-rule-dialog');
    // A new rule starts with one level to fill in, in the first suggested colour.
    expect(within(dialog).getByTestId('score-level-name-0')).toBeInTheDocument();
    expect(within(dialog).getByTestId('score-rule-levels')).toHaveTextContent(/#52C41A/i);
    fireEvent.click(screen.getByTestId('score-rule-dialog-ok'));
    expect((await within(dialog).findAllByText(i18n.t('common.nameRequired'))).length).toBe(2);
    expect(within(dialog).getAllByText(i18n.t('scoreRule.scoreRange')).length).toBe(3);
    expect(within(dialog).getAllByText(i18n.t('scoreRule.rateRange')).length).toBe(2);

    type('score-rule-form-name', ' Three levels ');
    fillLevel(0, { name: 'A', low: '80', high: '100', converted: '90', lowRate: '0', highRate: '20' });
    // The band is checked at once: the highest below the lowest.
    type('score-level-highestScore-0', '70');
    expect(await within(dialog).findByText(i18n.t('scoreRule.highestBelowLowest'))).toBeInTheDocument();
    type('score-level-highestScore-0', '100');
    await waitFor(() => expect(within(dialog).queryByText(i18n.t('scoreRule.highestBelowLowest'))).toBeNull());

    // The next level starts just below the last one, its rank band following on.
    fireEvent.click(screen.getByTestId('score-level-add'));
    await waitFor(() => expect(screen.getByTestId('score-level-highestScore-1')).toHaveValue('79'));
    expect(screen.getByTestId('score-level-lowestRate-1')).toHaveValue('20');
    fillLevel(1, { name: 'B', low: '60', high: '85', converted: '50', highRate: '60' });
    expect(await within(dialog).findByText(i18n.t('scoreRule.convertedOutside'))).toBeInTheDocument();
    type('score-level-convertedScore-1', '70');
    fireEvent.click(screen.getByTestId('score-rule-dialog-ok'));
    // Two bands may not overlap: a score falls into one level only.
    expect(await within(dialog).findByText(i18n.t('scoreRule.bandsOverlap'))).toBeInTheDocument();
    type('score-level-highestScore-1', '79');
    await waitFor(() => expect(within(dialog).queryByText(i18n.t('scoreRule.bandsOverlap'))).toBeNull());

    // A third level, removed again.
    fireEvent.click(screen.getByTestId('score-level-add'));
    fireEvent.click(await screen.findByTestId('score-level-remove-2'));
    await waitFor(() => expect(screen.queryByTestId('score-level-name-2')).toBeNull());
    fireEvent.click(screen.getByTestId('score-level-enabled-1'));
    // The colour is picked (here from the suggested ones) and kept as #RRGGBB.
    fireEvent.click(screen.getByTestId('score-level-colour-1'));
    const swatches = await waitFor(() => {
      const found = document.querySelectorAll('.ant-color-picker-presets-color');
      if (found.length < LEVEL_COLOURS.length) throw new Error('no swatches');
      return found;
    });
    fireEvent.click(swatches[LEVEL_COLOURS.indexOf('#722ED1')]!);
    await waitFor(() => expect(screen.getByTestId('score-level-colour-1')).toHaveTextContent(/#722ED1/i));
    expect(stub.calls(`${RULES}/create`)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('score-rule-dialog-ok'));
    await waitFor(() => expect(stub.calls(`${RULES}/create`)).toHaveLength(1));
    const body = stub.bodies(`${RULES}/create`)[0];
    expect(body).toEqual({
      name: 'Three levels',
      enabled: true,
      remarks: '',
      levels: [
        { name: 'A', lowestScore: 80, highestScore: 100, convertedScore: 90, colour: '#52C41A', enabled: true, lowestRate: 0, highestRate: 20 },
        { name: 'B', lowestScore: 60, highestScore: 79, convertedScore: 70, colour: '#722ED1', enabled: false, lowestRate: 20, highestRate: 60 },
      ],
    });
    expect(conversionRuleFormSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added successfully'));
    await waitFor(() => expect(screen.queryByTestId('score-rule-dialog')).toBeNull());
  });

  it("shows the server's refusal of a rule and keeps the dialog open; modifies with the rule's id", async () => {
    const refusal = 'A conversion rule with this name already exists';
    stub.on(`${RULES}/update`, () => {
      throw new ApiError(refusal);
    });
    renderPage();
    await screen.findByText('Five levels');
    fireEvent.click(screen.getByTestId('score-rule-edit-1'));
    await screen.findByTestId('score-rule-dialog');
    expect(screen.getByTestId('score-rule-form-name')).toHaveValue('Five levels');
    expect(screen.getByTestId('score-level-name-3')).toHaveValue('D');
    type('score-rule-form-name', 'Pass or fail');
    fireEvent.click(screen.getByTestId('score-rule-dialog-ok'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
    expect(stub.bodies(`${RULES}/update`)[0]).toMatchObject({ id: 1, name: 'Pass or fail', levels: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D', enabled: false }] });
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByTestId('score-rule-dialog')).toBeInTheDocument();
  });

  it("shows the server's refusal to delete a rule in use", async () => {
    const refusal = 'Five levels is used by a score system or score batch and cannot be deleted';
    stub.on(`${RULES}/delete`, () => {
      throw new ApiError(refusal);
    });
    renderPage();
    await screen.findByText('Five levels');
    fireEvent.click(screen.getByTestId('score-rule-delete-1'));
    fireEvent.click(await screen.findByTestId('delete-confirm-ok'));
    await waitFor(() => expect(warning).toHaveBeenCalledWith({ content: refusal }));
    expect(stub.bodies(`${RULES}/delete`)).toEqual([{ ids: [1] }]);
  });

  it('saves a score system with its lines in order and its rule from the enabled ones', async () => {
    renderPage();
    await screen.findByText('Five levels');
    await openSystems();
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('score-system-dialog');
    expect(screen.getByTestId('score-system-form-full-mark')).toHaveValue('100');
    type('score-system-form-name', ' Out of 120 ');
    type('score-system-form-full-mark', '120');
    type('score-system-form-passLine', '130');
    expect(await within(dialog).findByText(i18n.t('scoreSystem.passLineOver'))).toBeInTheDocument();
    type('score-system-form-passLine', '72');
    type('score-system-form-goodLine', '96');
    type('score-system-form-excellentLine', '95');
    expect(await within(dialog).findByText(i18n.t('scoreSystem.linesOrder'))).toBeInTheDocument();
    type('score-system-form-excellentLine', '108.5');
    await waitFor(() => expect(within(dialog).queryByText(i18n.t('scoreSystem.linesOrder'))).toBeNull());
    await pick('score-system-form-rule', 'Five levels');
    fireEvent.click(screen.getByTestId('score-system-dialog-ok'));

    await waitFor(() => expect(stub.calls(`${SYSTEMS}/create`)).toHaveLength(1));
    const body = stub.bodies(`${SYSTEMS}/create`)[0];
    expect(body).toEqual({ name: 'Out of 120', fullMark: 120, passLine: 72, goodLine: 96, excellentLine: 108.5, conversionRuleId: 1, enabled: true, remarks: '' });
    expect(scoreSystemFormSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added successfully'));
  });

  it('keeps the full mark of a system with scores, and shows the refusal to delete it', async () => {
    const refusal = 'Grade data exists under this system, cannot be deleted: Out of 100';
    stub.on(`${SYSTEMS}/delete`, () => {
      throw new ApiError(refusal);
    });
    renderPage();
    await screen.findByText('Five levels');
    await openSystems();
    fireEvent.click(screen.getByTestId('score-system-edit-1'));
    await screen.findByTestId('score-system-dialog');
    expect(screen.getByTestId('score-system-in-use-note')).toHaveTextContent(i18n.t('scoreRulePage.systemInUseNote'));
    expect(screen.getByTestId('score-system-form-full-mark')).toBeDisabled();
    type('score-system-form-goodLine', '85');
    fireEvent.click(screen.getByTestId('score-system-dialog-ok'));
    await waitFor(() => expect(stub.calls(`${SYSTEMS}/update`)).toHaveLength(1));
    expect(stub.bodies(`${SYSTEMS}/update`)[0]).toEqual({ id: 1, name: 'Out of 100', fullMark: 100, passLine: 60, goodLine: 85, excellentLine: 90, conversionRuleId: 1, enabled: true, remarks: '' });
    await waitFor(() => expect(screen.queryByTestId('score-system-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('score-system-delete-1'));
    fireEvent.click(await screen.findByTestId('delete-confirm-ok'));
    await waitFor(() => expect(warning).toHaveBeenCalledWith({ content: refusal }));
  });

  it('shows a user without the edit and delete buttons both lists read-only', async () => {
    useSession.setState({ permissions: ['score:conversion'], roles: [] });
    renderPage();
    await screen.findByText('Five levels');
    for (const testId of ['manage-add', 'manage-batch-delete', 'score-rule-edit-1', 'score-rule-delete-1']) expect(screen.queryByTestId(testId)).toBeNull();
    fireEvent.click(screen.getByTestId('score-rule-view-1'));
    const dialog = await screen.findByTestId('score-rule-dialog');
    expect(dialog).toHaveAttribute('data-mode', 'view');
    expect(screen.queryByTestId('score-level-add')).toBeNull();
    expect(screen.queryByTestId('score-rule-dialog-ok')).toBeNull();
    fireEvent.click(screen.getByTestId('score-rule-dialog-close'));
    await openSystems();
    for (const testId of ['manage-add', 'score-system-edit-1', 'score-system-delete-1']) expect(screen.queryByTestId(testId)).toBeNull();
    expect(screen.getByTestId('manage-export')).toBeInTheDocument();
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    await screen.findByText('Five levels');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('score-rule-dialog');
    fireEvent.click(screen.getByTestId('score-rule-dialog-ok'));
    expect(await within(dialog).findAllByText('Scores of a conversion level are whole numbers from 0 to 200')).toHaveLength(3);
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByTestId('score-rule-dialog-cancel'));
    await openSystems();
    fireEvent.click(screen.getByTestId('score-system-view-2'));
    await screen.findByTestId('score-system-dialog');
    expect(screen.getByText('Excellent line', { selector: 'th' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('suggests levels, mirrors the checks of the levels as a whole and reads colours', () => {
    expect(newLevel([])).toEqual({ colour: '#52C41A', enabled: true, highestScore: undefined, lowestRate: undefined });
    expect(newLevel([{ colour: '#52C41A', lowestScore: 90, highestRate: 15 }])).toMatchObject({ colour: '#1677FF', highestScore: 89, lowestRate: 15 });
    expect(levelsMessage([])).toBe('scoreRule.levelsRequired');
    expect(levelsMessage([{ name: 'A ' }, { name: 'A' }])).toBe('scoreRule.levelTwice');
    expect(levelsMessage([{ name: 'A', lowestScore: 60, highestScore: 100 }, { name: 'B', lowestScore: 0, highestScore: 60 }])).toBe('scoreRule.bandsOverlap');
    expect(levelsMessage([{ name: 'A', lowestScore: 61, highestScore: 100 }, { name: 'B', lowestScore: 0, highestScore: 60 }])).toBeUndefined();
    expect(linesMessage({ fullMark: 100, passLine: 60, goodLine: 80, excellentLine: 101 }, 'excellentLine')).toBe('scoreSystem.linesOrder');
    expect(textOn('#FAAD14')).toBe('rgba(0, 0, 0, 0.88)');
    expect(textOn('#1677FF')).toBe('#fff');
    expect(toRuleSearch({ keyword: ' a ', enabled: 'true' })).toEqual({ keyword: 'a', enabled: true });
  });
});
