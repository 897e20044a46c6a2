import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import OverallSchemesPage from './OverallSchemesPage.tsx';
import { CALL, DONE_SCHEME, GRADES, LIST_ROUTE, OLD_SCHEME, SCHEME, TERMS } from './overallTestData.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

const files = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../../api/client.ts', async () => (await import('./overallTestData.ts')).overallClientMock(files.download));

const success = vi.fn();
const warning = vi.fn();
const error = vi.fn();

function signIn(permissions: string[], userType: 1 | 3 = 1) {
  useSession.setState({ user: { userId: `U${userType}`, username: 'x', userType, displayName: 'x' }, permissions, roles: [] });
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[LIST_ROUTE.path]}>
        <OverallSchemesPage route={LIST_ROUTE} />
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

let schemes = [SCHEME, DONE_SCHEME];

beforeEach(async () => {
  stub.reset();
  for (const fn of [success, warning, error]) fn.mockClear();
  setFeedback({ message: { error, success, warning, info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  schemes = [SCHEME, DONE_SCHEME];
  stub
    .on(CALL.list, (options) => {
      const termId = (options?.json as { termId?: number }).termId ?? 1;
      return { terms: TERMS, termId, grades: GRADES, schemes: termId === 1 ? schemes : [OLD_SCHEME] };
    })
    .on(CALL.delete, (options) => {
      const ids = (options?.json as { ids: number[] }).ids;
      schemes = schemes.filter((scheme) => !ids.includes(scheme.id));
      return { deleted: ids.length };
    });
});

afterEach(async () => {
  useSession.setState({ user: null, permissions: [], roles: [] });
  await act(() => i18n.changeLanguage('zh'));
});

describe('OverallSchemesPage', () => {
  it("lists the current term's schemes with their exams, weights and state, and opens a scheme's scores and settings", async () => {
    signIn(['score:overall', 'score:overall:edit', 'score:overall:delete']);
    renderPage();
    expect(await screen.findByText('Grade 10 first term overall')).toBeInTheDocument();
    expect(stub.bodies(CALL.list)).toEqual([{}]);
    expect(screen.getByTestId('overall-term').closest('.ant-select')).toHaveTextContent('2026-2027 first term');
    expect(screen.getByTestId('overall-parts-5')).toHaveTextContent('Midterm 30%');
    expect(screen.getByTestId('overall-parts-5')).toHaveTextContent('Final 70%');
    // The final is not released: its tag says so by its colour, the scheme is not final.
    expect(screen.getByTestId('overall-parts-5-12')).toHaveClass('ant-tag-orange');
    expect(screen.getByTestId('overall-complete-5')).toHaveTextContent('Not final');
    expect(screen.getByTestId('overall-complete-6')).toHaveTextContent('Final');
    expect(screen.getByTestId('overall-total-weight-6')).toHaveTextContent('90%');
    expect(screen.getByText('Daily work, midterm and final')).toBeInTheDocument();
    expect(screen.getAllByText('2026-11-20 09:30')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('overall-details-5'));
    expect(screen.getByTestId('where')).toHaveTextContent('/cjfxNew/zpfx/cjxq?id=5');
    fireEvent.click(screen.getByTestId('overall-modify-6'));
    expect(screen.getByTestId('where')).toHaveTextContent('/cjfxNew/zpfx/zpfxsz?id=6');

    await pick('overall-term', '2025-2026 second term');
    expect(await screen.findByText('Last spring overall')).toBeInTheDocument();
    expect(stub.bodies(CALL.list).at(-1)).toEqual({ termId: 2 });
    expect(screen.queryByText('Grade 10 first term overall')).toBeNull();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('adds a scheme by choosing its grade, then goes to the settings page for its name and exams', async () => {
    signIn(['score:overall', 'score:overall:edit']);
    renderPage();
    await screen.findByText('Grade 10 first term overall');
    fireEvent.click(screen.getByTestId('overall-add'));
    const dialog = await screen.findByTestId('overall-add-dialog');
    expect(within(dialog).getByTestId('overall-add-term')).toHaveTextContent('2026-2027 first term');
    // No grade: refused in place, nowhere to go.
    fireEvent.click(screen.getByTestId('overall-add-next'));
    expect(await within(dialog).findByText(i18n.t('overall.gradeRequired'))).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(LIST_ROUTE.path);
    await pick('overall-add-grade', 'Grade 11');
    fireEvent.click(screen.getByTestId('overall-add-next'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/cjfxNew/zpfx/zpfxsz?termId=1&gradeId=11'));
    // Nothing is saved from the list.
    expect(stub.calls(CALL.save)).toHaveLength(0);
  });

  it('deletes a scheme after confirming and reads the list again', async () => {
    signIn(['score:overall', 'score:overall:delete']);
    renderPage();
    await screen.findByText('Grade 11 midterm only');
    // Without the edit button: no Add and no Modify, but Delete.
    expect(screen.queryByTestId('overall-add')).toBeNull();
    expect(screen.queryByTestId('overall-modify-6')).toBeNull();
    fireEvent.click(screen.getByTestId('overall-delete-6'));
    expect(await screen.findByText('Delete the overall score Grade 11 midterm only? The exams\' scores stay.')).toBeInTheDocument();
    expect(stub.calls(CALL.delete)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('delete-confirm-ok'));
    await waitFor(() => expect(stub.bodies(CALL.delete)).toEqual([{ ids: [6] }]));
    await waitFor(() => expect(success).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText('Grade 11 midterm only')).toBeNull());
    expect(screen.getByText('Grade 10 first term overall')).toBeInTheDocument();
  });

  it("shows a class teacher, who holds only the page, the list read-only with the schemes' scores", async () => {
    signIn(['score:overall'], 3);
    renderPage();
    await screen.findByText('Grade 10 first term overall');
    expect(screen.queryByTestId('overall-add')).toBeNull();
    expect(screen.queryByTestId('overall-modify-5')).toBeNull();
    expect(screen.queryByTestId('overall-delete-5')).toBeNull();
    expect(screen.queryByText(i18n.t('overallPage.modify'))).toBeNull();
    expect(screen.queryByText(i18n.t('overallPage.delete'))).toBeNull();
    fireEvent.click(screen.getByTestId('overall-details-6'));
    expect(screen.getByTestId('where')).toHaveTextContent('/cjfxNew/zpfx/cjxq?id=6');
  });

  it('shows a term without schemes, and a failed list with a retry', async () => {
    signIn(['score:overall']);
    let fail = true;
    stub.on(CALL.list, () => {
      if (fail) throw new ApiError('The list is not available now');
      return { terms: TERMS, termId: 1, grades: GRADES, schemes: [] };
    });
    renderPage();
    expect(await screen.findByTestId('overall-error')).toHaveTextContent('The list is not available now');
    // The read is quiet: the failure shows in place only.
    expect(error).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByTestId('overall-retry'));
    expect(await screen.findByTestId('overall-empty')).toHaveTextContent(i18n.t('overallPage.noSchemes'));
  });
});
