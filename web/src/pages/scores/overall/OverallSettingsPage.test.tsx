import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { overallSchemeFormSchema } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import OverallSettingsPage, { examRows, schemeBody, schemeIssues, weightSum } from './OverallSettingsPage.tsx';
import { formulaText, partLabel } from './overallParts.tsx';
import { CALL, CANDIDATES, GRADES, SCHEME, SETTINGS_ROUTE, TERMS } from './overallTestData.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

const files = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../../api/client.ts', async () => (await import('./overallTestData.ts')).overallClientMock(files.download));

const success = vi.fn();
const error = vi.fn();

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderAt(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <OverallSettingsPage route={SETTINGS_ROUTE} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const weight = (batchId: number) => screen.getByTestId(`overall-weight-${batchId}`);
const tick = (batchId: number) => fireEvent.click(screen.getByTestId(`overall-use-${batchId}`));

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  error.mockClear();
  setFeedback({ message: { error, success, warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  useSession.setState({ user: { userId: 'U1', username: 'admin', userType: 1, displayName: 'admin' }, permissions: ['score:overall', 'score:overall:edit', 'score:overall:delete'], roles: [] });
  stub
    .on(CALL.get, (options) => {
      if ((options?.json as { id: number }).id !== SCHEME.id) throw new ApiError(i18n.t('overall.paramsLost'));
      return SCHEME;
    })
    .on(CALL.candidates, () => CANDIDATES)
    .on(CALL.list, (options) => ({ terms: TERMS, termId: (options?.json as { termId?: number }).termId ?? 1, grades: GRADES, schemes: [SCHEME] }))
    .on(CALL.save, (options) => ({ id: (options?.json as { id?: number }).id ?? 8 }));
});

afterEach(async () => {
  useSession.setState({ user: null, permissions: [], roles: [] });
  await act(() => i18n.changeLanguage('zh'));
});

describe('OverallSettingsPage', () => {
  it('shows the parameters-lost message without a scheme or a term and grade, with the way back to the list', async () => {
    renderAt('/cjfxNew/zpfx/zpfxsz?termId=1');
    expect(await screen.findByTestId('overall-params-lost')).toHaveTextContent('Parameters lost, re-enter from the management page');
    expect(stub.log).toHaveLength(0);
    fireEvent.click(screen.getByTestId('overall-params-lost-back'));
    expect(screen.getByTestId('where')).toHaveTextContent('/cjfxNew/zpfx/zpfxgl');
  });

  it("shows a scheme's exams ticked with their weights, refuses weights over 100 without a call, then saves the right body", async () => {
    renderAt('/cjfxNew/zpfx/zpfxsz?id=5');
    await screen.findByTestId('overall-candidates');
    expect(stub.bodies(CALL.get)).toEqual([{ id: 5 }]);
    expect(stub.bodies(CALL.candidates)).toEqual([{ termId: 1, gradeId: 10 }]);
    expect(screen.getByTestId('overall-settings-term')).toHaveTextContent('2026-2027 first term');
    expect(screen.getByTestId('overall-settings-grade')).toHaveTextContent('Grade 10');
    expect(screen.getByTestId('overall-name')).toHaveValue('Grade 10 first term overall');
    expect(screen.getByTestId('overall-use-11')).toBeChecked();
    expect(screen.getByTestId('overall-use-12')).toBeChecked();
    expect(screen.getByTestId('overall-use-13')).not.toBeChecked();
    expect(weight(11)).toHaveValue('30');
    expect(weight(12)).toHaveValue('70');
    expect(weight(13)).toBeDisabled();
    expect(screen.getByTestId('overall-sum')).toHaveTextContent('Total weight: 100%');
    expect(screen.getByTestId('overall-formula')).toHaveTextContent('Overall = Midterm × 30% + Final × 70%');
    // The final is not released: marked, with the note that the overall score is not final until it is.
    expect(screen.getByTestId('overall-released-12')).toHaveTextContent('Not released');
    expect(screen.getByTestId('overall-released-11')).toHaveTextContent('Released');
    expect(screen.getByTestId('overall-unreleased-note')).toHaveTextContent('Grade 10 final not released yet');

    // The October test at 20 % makes 120: the contract's message shows at once, and Save sends nothing.
    tick(13);
    type('overall-weight-13', '20');
    const over = i18n.t('overall.weightsOver');
    expect(await screen.findByTestId('overall-parts-error')).toHaveTextContent(over);
    expect(screen.getByTestId('overall-sum')).toHaveTextContent('Total weight: 120%');
    expect(screen.getByTestId('overall-sum')).toHaveClass('is-over');
    fireEvent.click(screen.getByTestId('overall-save'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(stub.calls(CALL.save)).toHaveLength(0);
    expect(screen.getByTestId('overall-parts-error')).toHaveTextContent(over);

    // A weight out of range is refused too.
    type('overall-weight-12', '150');
    expect(await screen.findByTestId('overall-weight-error-12')).toHaveTextContent(i18n.t('overall.weightRange'));
    type('overall-weight-12', '50');
    await waitFor(() => expect(screen.queryByTestId('overall-parts-error')).toBeNull());
    expect(screen.queryByTestId('overall-weight-error-12')).toBeNull();
    expect(screen.getByTestId('overall-formula')).toHaveTextContent('Overall = Monthly × 20% + Midterm × 30% + Final × 50%');
    type('overall-name', '  Grade 10 overall  ');
    fireEvent.click(screen.getByTestId('overall-save'));

    await waitFor(() => expect(stub.calls(CALL.save)).toHaveLength(1));
    const body = stub.bodies(CALL.save)[0];
    expect(body).toEqual({
      id: 5,
      termId: 1,
      gradeId: 10,
      name: 'Grade 10 overall',
      remarks: 'Daily work, midterm and final',
      parts: [
        { batchId: 13, weight: 20 },
        { batchId: 11, weight: 30 },
        { batchId: 12, weight: 50 },
      ],
    });
    expect(overallSchemeFormSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('The overall score is saved'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/cjfxNew/zpfx/zpfxgl'));
  });

  it('makes a new scheme of a term and grade: the name and an exam are required, an unticked exam is left out', async () => {
    renderAt('/cjfxNew/zpfx/zpfxsz?termId=1&gradeId=10');
    await screen.findByTestId('overall-candidates');
    expect(stub.calls(CALL.get)).toHaveLength(0);
    expect(stub.bodies(CALL.candidates)).toEqual([{ termId: 1, gradeId: 10 }]);
    expect(screen.getByTestId('overall-settings-term')).toHaveTextContent('2026-2027 first term');
    expect(screen.getByTestId('overall-settings-grade')).toHaveTextContent('Grade 10');
    expect(screen.getByTestId('overall-formula')).toHaveTextContent(i18n.t('overallPage.formulaNone'));

    fireEvent.click(screen.getByTestId('overall-save'));
    expect(await screen.findByTestId('overall-name-error')).toHaveTextContent(i18n.t('common.nameRequired'));
    expect(screen.getByTestId('overall-parts-error')).toHaveTextContent(i18n.t('overall.partsRequired'));
    expect(stub.calls(CALL.save)).toHaveLength(0);

    // A ticked exam takes the weight left: 100, then none for the next (to be given).
    tick(11);
    expect(weight(11)).toHaveValue('100');
    tick(12);
    expect(weight(12)).toHaveValue('');
    expect(await screen.findByTestId('overall-weight-error-12')).toHaveTextContent(i18n.t('overall.weightRange'));
    type('overall-weight-11', '40');
    type('overall-weight-12', '50');
    tick(13);
    expect(weight(13)).toHaveValue('10');
    tick(13);
    expect(screen.getByTestId('overall-sum')).toHaveTextContent('Total weight: 90%');
    expect(screen.getByTestId('overall-formula')).toHaveTextContent('Overall = (Midterm × 40% + Final × 50%) ÷ 90%');
    type('overall-name', 'Grade 10 first term');
    type('overall-remarks', 'Without the monthly test');
    fireEvent.click(screen.getByTestId('overall-save'));
    await waitFor(() => expect(stub.calls(CALL.save)).toHaveLength(1));
    expect(stub.bodies(CALL.save)[0]).toEqual({
      termId: 1,
      gradeId: 10,
      name: 'Grade 10 first term',
      remarks: 'Without the monthly test',
      parts: [
        { batchId: 11, weight: 40 },
        { batchId: 12, weight: 50 },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/cjfxNew/zpfx/zpfxgl'));
  });

  it("shows the server's refusal and keeps what was given", async () => {
    stub.on(CALL.save, () => {
      throw new ApiError('The term already has an overall score named Grade 10 first term overall');
    });
    renderAt('/cjfxNew/zpfx/zpfxsz?id=5');
    await screen.findByTestId('overall-candidates');
    fireEvent.click(screen.getByTestId('overall-save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The term already has an overall score named Grade 10 first term overall'));
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/cjfxNew/zpfx/zpfxsz?id=5');
    expect(screen.getByTestId('overall-name')).toHaveValue('Grade 10 first term overall');
    expect(screen.getByTestId('overall-save')).toBeEnabled();
  });

  it('shows a scheme that cannot be read as lost, and a reader without the edit button nothing to save', async () => {
    const view = renderAt('/cjfxNew/zpfx/zpfxsz?id=99');
    expect(await screen.findByTestId('overall-params-lost')).toHaveTextContent(i18n.t('overall.paramsLost'));
    expect(error).not.toHaveBeenCalled();
    view.unmount();
    useSession.setState({ permissions: ['score:overall'] });
    renderAt('/cjfxNew/zpfx/zpfxsz?id=5');
    await screen.findByTestId('overall-candidates');
    expect(screen.queryByTestId('overall-save')).toBeNull();
    expect(screen.getByTestId('overall-use-13')).toBeDisabled();
    expect(weight(11)).toBeDisabled();
    expect(screen.getByTestId('overall-name')).toBeDisabled();
  });

  it('shows the settings in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    renderAt('/cjfxNew/zpfx/zpfxsz?id=5');
    await screen.findByTestId('overall-candidates');
    expect(screen.getByTestId('overall-sum')).toHaveTextContent('权重合计：100%');
    expect(screen.getByTestId('overall-save')).toHaveTextContent(/保\s*存/);
  });

  it('builds the body, the messages and the formula as the contract reads them', () => {
    const start = { termId: 1, termName: '', gradeId: 10, gradeName: '', name: 'X', remarks: '', parts: [] };
    const rows = examRows(CANDIDATES, SCHEME.parts);
    expect(rows.map((row) => row.id)).toEqual([13, 11, 12]);
    expect(examRows([], SCHEME.parts).map((row) => row.name)).toEqual(['Grade 10 midterm', 'Grade 10 final']);
    const choices = { 11: { use: true, weight: 60 }, 12: { use: true, weight: 60 }, 13: { use: false, weight: 10 } };
    expect(weightSum(choices)).toBe(120);
    const body = schemeBody(start, 'X', '', rows, choices);
    expect(body.parts).toEqual([
      { batchId: 11, weight: 60 },
      { batchId: 12, weight: 60 },
    ]);
    expect(schemeIssues(body, choices)).toEqual({ weights: {}, parts: ['overall.weightsOver'] });
    const bad = { 11: { use: true, weight: 0 }, 12: { use: true, weight: 101 } };
    expect(schemeIssues(schemeBody(start, '', '', rows, bad), bad)).toEqual({ name: 'common.nameRequired', weights: { 11: 'overall.weightRange', 12: 'overall.weightRange' }, parts: ['overall.weightsOver'] });
    expect(partLabel(SCHEME.parts, SCHEME.parts[0]!)).toBe('Midterm');
    const twins = [
      { batchId: 1, batchName: 'October test', examNode: 'Monthly', weight: 50 },
      { batchId: 2, batchName: 'November test', examNode: 'Monthly', weight: 50 },
    ];
    expect(formulaText(twins)).toBe('October test × 50% + November test × 50%');
    expect(formulaText([{ batchId: 3, batchName: 'Final', examNode: '', weight: 80 }])).toBe('(Final × 80%) ÷ 80%');
    expect(formulaText([])).toBe('');
    expect(formulaText([{ ...twins[0]!, weight: 60 }, { ...twins[1]!, weight: 60 }])).toBe('October test × 60% + November test × 60%');
  });
});
