import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import OverallDetailsPage, { breakdown, cellText, compareScores } from './OverallDetailsPage.tsx';
import { CALL, DETAILS_ROUTE, SCHEME, details } from './overallTestData.ts';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

const files = vi.hoisted(() => ({ download: vi.fn(), saveBlob: vi.fn() }));
vi.mock('../../../api/client.ts', async () => (await import('./overallTestData.ts')).overallClientMock(files.download));
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: files.saveBlob }));

const error = vi.fn();

const original = window.matchMedia;

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderAt(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <OverallDetailsPage route={DETAILS_ROUTE} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

/** The student names of the main table, top to bottom. */
const names = () => [...screen.getByTestId('overall-details-table').querySelectorAll('tr.ant-table-row')].map((row) => row.textContent?.match(/Li Lei|Han Meimei|Wang Fang/)?.[0]);

beforeEach(async () => {
  stub.reset();
  error.mockClear();
  files.download.mockReset().mockResolvedValue(new Blob(['xlsx']));
  files.saveBlob.mockReset();
  setFeedback({ message: { error, success: vi.fn(), warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  viewport(1366);
  useSession.setState({ user: { userId: 'U1', username: 'admin', userType: 1, displayName: 'admin' }, permissions: ['score:overall', 'score:overall:all'], roles: [] });
  stub.on(CALL.details, (options) => details((options?.json as { classId?: number }).classId ?? 101));
});

afterEach(async () => {
  window.matchMedia = original;
  useSession.setState({ user: null, permissions: [], roles: [] });
  await act(() => i18n.changeLanguage('zh'));
});

describe('OverallDetailsPage', () => {
  it('shows the parameters-lost message without a scheme, with the way back to the list', async () => {
    renderAt('/cjfxNew/zpfx/cjxq');
    expect(await screen.findByTestId('overall-params-lost')).toHaveTextContent('Parameters lost, re-enter from the management page');
    expect(stub.log).toHaveLength(0);
    fireEvent.click(screen.getByTestId('overall-params-lost-back'));
    expect(screen.getByTestId('where')).toHaveTextContent('/cjfxNew/zpfx/zpfxgl');
  });

  it("shows the scheme, the class's statistics and its students' overall scores with each exam's part, absent and exempt marked", async () => {
    renderAt('/cjfxNew/zpfx/cjxq?id=5');
    expect(await screen.findByTestId('overall-details-table')).toBeInTheDocument();
    expect(stub.bodies(CALL.details)).toEqual([{ id: 5 }]);
    expect(screen.getByTestId('overall-details-name')).toHaveTextContent('Grade 10 first term overall');
    expect(screen.getByTestId('overall-details-term')).toHaveTextContent('2026-2027 first term');
    expect(screen.getByTestId('overall-details-grade')).toHaveTextContent('Grade 10');
    expect(screen.getByTestId('overall-details-parts')).toHaveTextContent('Midterm 30%Final 70%');
    expect(screen.getByTestId('overall-details-complete')).toHaveTextContent('Not final');
    expect(screen.getByTestId('overall-incomplete')).toHaveTextContent('Grade 10 final not released yet');
    expect(screen.getByTestId('overall-class').closest('.ant-select')).toHaveTextContent('Class 10-1');

    const stats = [...screen.getByTestId('overall-stats').querySelectorAll('tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(stats).toEqual([
      ['Maths', '50.25', '73.5', '27'],
      ['English', '85', '90', '80'],
    ]);
    expect(screen.getByTestId('overall-cell-1-1')).toHaveTextContent('27');
    expect(screen.getByTestId('overall-cell-2-1')).toHaveTextContent('73.5');
    expect(screen.getByTestId('overall-cell-3-1')).toHaveTextContent('—');
    expect(screen.getByTestId('overall-total-2')).toHaveTextContent('163.5');
    expect(screen.getByTestId('overall-rank-2')).toHaveTextContent('1');
    expect(screen.getByTestId('overall-rank-3')).toHaveTextContent('—');

    // Li Lei's breakdown: 90 in the midterm's maths and absent from the final's (counted 0).
    fireEvent.click(screen.getByTestId('overall-expand-1'));
    const own = await screen.findByTestId('overall-breakdown-1');
    expect(within(own).getByTestId('overall-part-1-1-11')).toHaveTextContent('90');
    expect(within(own).getByTestId('overall-part-1-1-12')).toHaveTextContent(i18n.t('scoreEntry.absent'));
    expect(within(own).getByTestId('overall-part-1-1-12')).toHaveTextContent('Absent');
    expect(within(own).getByTestId('overall-part-1-2-12')).toHaveTextContent('80');
    expect(within(own).getAllByText('Midterm 30%').length).toBeGreaterThan(0);
    expect(within(own).getByText(i18n.t('overallPage.ruleHint'))).toBeInTheDocument();
    // Han Meimei was exempt from the midterm's English.
    fireEvent.click(screen.getByTestId('overall-expand-2'));
    expect(within(await screen.findByTestId('overall-breakdown-2')).getByTestId('overall-part-2-2-11')).toHaveTextContent('Exempt');
    // Wang Fang has no score at all.
    fireEvent.click(screen.getByTestId('overall-expand-3'));
    expect(within(await screen.findByTestId('overall-breakdown-3')).getByTestId('overall-part-3-1-11')).toHaveTextContent('—');

    // The score's tooltip gives the same breakdown.
    fireEvent.mouseEnter(screen.getByTestId('overall-cell-1-1'));
    expect(await screen.findByText('Final 70%: Absent')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('sorts by the total and by a subject, those without a score last', async () => {
    renderAt('/cjfxNew/zpfx/cjxq?id=5');
    await screen.findByTestId('overall-details-table');
    expect(names()).toEqual(['Li Lei', 'Han Meimei', 'Wang Fang']);
    const header = (title: string) => within(screen.getByTestId('overall-details-table')).getAllByText(title).find((el) => el.closest('th')) as HTMLElement;
    fireEvent.click(header('Total'));
    await waitFor(() => expect(names()).toEqual(['Han Meimei', 'Li Lei', 'Wang Fang']));
    fireEvent.click(header('Total'));
    await waitFor(() => expect(names()).toEqual(['Li Lei', 'Han Meimei', 'Wang Fang']));
    fireEvent.click(header('English'));
    await waitFor(() => expect(names()).toEqual(['Han Meimei', 'Li Lei', 'Wang Fang']));
  });

  it('reads another class when chosen, and exports the class shown', async () => {
    renderAt('/cjfxNew/zpfx/cjxq?id=5');
    await screen.findByTestId('overall-details-table');
    fireEvent.click(screen.getByTestId('overall-export'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledTimes(1));
    expect(files.download).toHaveBeenCalledWith(CALL.workbook, { query: { id: 5, classId: 101 } });
    expect(files.saveBlob.mock.calls[0]![1]).toMatch(/^Overall scores-Grade 10 first term overall-Class 10-1-\d{8}\.xlsx$/);

    await pick('overall-class', 'Class 10-2');
    await waitFor(() => expect(stub.bodies(CALL.details).at(-1)).toEqual({ id: 5, classId: 102 }));
    expect(await screen.findByText('Zhao Qiang')).toBeInTheDocument();
    expect(screen.queryByText('Li Lei')).toBeNull();
    fireEvent.click(screen.getByTestId('overall-export'));
    await waitFor(() => expect(files.download).toHaveBeenLastCalledWith(CALL.workbook, { query: { id: 5, classId: 102 } }));
  });

  it('opens the class named in the address; a refused class shows its message in place', async () => {
    stub.on(CALL.details, (options) => {
      const classId = (options?.json as { classId?: number }).classId;
      if (classId === 101) throw new ApiError('Only the class teacher of Class 10-1 sees its overall scores');
      return details(classId ?? 102);
    });
    renderAt('/cjfxNew/zpfx/cjxq?id=5&classId=102');
    expect(await screen.findByText('Zhao Qiang')).toBeInTheDocument();
    expect(stub.bodies(CALL.details)).toEqual([{ id: 5, classId: 102 }]);
    await pick('overall-class', 'Class 10-1');
    expect(await screen.findByTestId('overall-details-error')).toHaveTextContent('Only the class teacher of Class 10-1 sees its overall scores');
    // The read is quiet: shown in place only; the scheme stays.
    expect(error).not.toHaveBeenCalled();
    expect(screen.getByTestId('overall-details-name')).toHaveTextContent('Grade 10 first term overall');
  });

  it('shows a class teacher without a class of the grade that there is nothing to see', async () => {
    useSession.setState({ permissions: ['score:overall'] });
    stub.on(CALL.details, () => ({ ...details(), classes: [], classId: null, rows: [] }));
    renderAt('/cjfxNew/zpfx/cjxq?id=5');
    expect(await screen.findByTestId('overall-no-class')).toHaveTextContent(i18n.t('overallPage.noClass'));
    expect(screen.queryByTestId('overall-export')).toBeNull();
  });

  it('keeps the name in view on a 390 px phone, the table scrolling sideways', async () => {
    viewport(390);
    renderAt('/cjfxNew/zpfx/cjxq?id=5');
    const table = await screen.findByTestId('overall-details-table');
    const heads = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent).filter(Boolean);
    expect(heads.slice(0, 2)).toEqual(['Name', 'Student number']);
    expect(table.querySelector('.ant-table-content')).toHaveStyle({ overflowX: 'auto' });
    expect(table.querySelector('.ant-table')).toHaveClass('ant-table-scroll-horizontal');
  });

  it('reads the parts and compares the scores as the table shows them', () => {
    const row = details().rows[0]!;
    expect(breakdown(SCHEME.parts, row, 1)).toEqual([
      { batchId: 11, label: 'Midterm', weight: 30, score: 90, mark: null },
      { batchId: 12, label: 'Final', weight: 70, score: null, mark: 'absent' },
    ]);
    expect(breakdown(SCHEME.parts, { parts: {} }, 1).map((cell) => cellText(i18n.t, cell))).toEqual(['—', '—']);
    expect(cellText(i18n.t, { score: 0, mark: null })).toBe('0');
    expect(compareScores(1, 2)).toBeLessThan(0);
    expect(compareScores(null, 2, 'ascend')).toBeGreaterThan(0);
    expect(compareScores(null, 2, 'descend')).toBeLessThan(0);
    expect(compareScores(null, undefined)).toBe(0);
  });
});
