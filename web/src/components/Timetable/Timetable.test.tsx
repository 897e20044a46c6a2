import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { CELLS, stub, stubTimetable } from './callStub.ts';
import { currentTerm, initialWeek, useTimetable, weekNumbers } from './useTimetable.ts';
import { TimetableView, courseName, groupCells, teacherOf } from './TimetableView.tsx';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../api/client.ts', async () => (await import('./callStub.ts')).clientModule);

beforeEach(() => stub.reset());
afterEach(() => vi.restoreAllMocks());

describe('timetable rules', () => {
  it('picks the term with DQXQ = 1, else the first', () => {
    expect(currentTerm([{ D_ID_: 'a', MC: 'A', DQXQ: '0' }, { D_ID_: 'b', MC: 'B', DQXQ: '1' }])?.D_ID_).toBe('b');
    expect(currentTerm([{ D_ID_: 'a', MC: 'A', DQXQ: '0' }])?.D_ID_).toBe('a');
    expect(currentTerm([])).toBeUndefined();
  });

  it('selects the current week when above 0, otherwise week 1; no week without weeks', () => {
    expect(initialWeek(21, 13)).toBe(1 + 12);
    expect(initialWeek(21, 0)).toBe(1);
    expect(initialWeek(21, -1)).toBe(1);
    expect(initialWeek(0, 3)).toBeNull();
    expect(weekNumbers(3)).toEqual([1, 2, 3]);
    expect(weekNumbers(0)).toEqual([]);
  });

  it('groups cells by week day and period; course from kcmc or bq3, teacher from rkjsmc or outRkjsmc', () => {
    const { byCell, byElective } = groupCells(CELLS.data, CELLS.xxk);
    expect(byCell.get('1|1')).toHaveLength(1);
    expect(byElective.get('4|3')?.[0].name).toBe('Robotics(Zhao)');
    expect(courseName(CELLS.data[1])).toBe('Chinese');
    expect(teacherOf(CELLS.data[1])).toEqual({ name: 'Li', zgh: '' });
    expect(teacherOf(CELLS.data[0])).toEqual({ name: 'Wang', zgh: 'T0001' });
  });
});

describe('useTimetable: the four steps', () => {
  it('loads terms, the current term weeks, the current week, then the grid and the cells', async () => {
    stubTimetable();
    const { result } = renderHook(() => useTimetable({ target: { kind: 'teacher', zgh: 'T0001' } }));
    await waitFor(() => expect(result.current.data).not.toBeNull());
    expect(result.current.xnxq).toBe('2026-2027-1');
    expect(result.current.zs).toBe(21);
    expect(result.current.week).toBe(13);
    expect(stub.bodies('/pk/initXnxqZc')).toEqual([{ xnxq: '2026-2027-1' }]);
    expect(stub.bodies('/pk/queryPkInfoFb')).toEqual([{ id: 'T0001', xnxq: '2026-2027-1', type: '3', zs: 13 }]);
    // The grid was there before the cells were asked for.
    const paths = stub.paths();
    expect(paths.indexOf('/pk/initZcJc')).toBeLessThan(paths.indexOf('/pk/queryPkInfoFb'));
    expect(paths.indexOf('/pk/initXnxqZc')).toBeLessThan(paths.indexOf('/pk/queryPkInfoFb'));
  });

  it('asks for a class (type 1) and a student (queryXskb with xh)', async () => {
    stubTimetable();
    const cls = renderHook(() => useTimetable({ target: { kind: 'class', bh: '20190801' } }));
    await waitFor(() => expect(cls.result.current.data).not.toBeNull());
    expect(stub.bodies('/pk/queryPkInfoFb')[0]).toMatchObject({ id: '20190801', type: '1' });
    const student = renderHook(() => useTimetable({ target: { kind: 'student', xh: '201911001' } }));
    await waitFor(() => expect(student.result.current.data).not.toBeNull());
    expect(stub.bodies('/mobileKb/queryXskb')).toEqual([{ xh: '201911001', xnxq: '2026-2027-1', zs: 13 }]);
  });

  it('selects week 1 when the current week is 0', async () => {
    stubTimetable({ zs: 21, dqzs: 0 });
    const { result } = renderHook(() => useTimetable({ target: { kind: 'teacher', zgh: 'T0001' } }));
    await waitFor(() => expect(result.current.week).toBe(1));
    await waitFor(() => expect(stub.bodies('/pk/queryPkInfoFb')[0]).toMatchObject({ zs: 1 }));
  });

  it('takes the week of a given date in the current term', async () => {
    stubTimetable();
    const { result } = renderHook(() => useTimetable({ target: { kind: 'student', xh: '201911001' }, date: '2026-09-28' }));
    await waitFor(() => expect(result.current.data).not.toBeNull());
    expect(stub.bodies('/mobileKb/getZsByRq')).toEqual([{ rq: '2026-09-28' }]);
    expect(result.current.week).toBe(5);
    expect(stub.bodies('/mobileKb/queryXskb')).toEqual([{ xh: '201911001', xnxq: '2026-2027-1', zs: 5 }]);
  });

  it('changing the term clears the week, reloads the weeks and the cells; changing the week reloads the cells', async () => {
    stubTimetable();
    const { result } = renderHook(() => useTimetable({ target: { kind: 'teacher', zgh: 'T0001' } }));
    await waitFor(() => expect(result.current.data).not.toBeNull());
    act(() => result.current.setTerm('2025-2026-2'));
    expect(result.current.week).toBeNull();
    expect(result.current.zs).toBe(0);
    expect(result.current.data).toBeNull();
    await waitFor(() => expect(result.current.data).not.toBeNull());
    expect(stub.bodies('/pk/initXnxqZc')).toEqual([{ xnxq: '2026-2027-1' }, { xnxq: '2025-2026-2' }]);
    expect(result.current.week).toBe(1);
    expect(stub.bodies('/pk/queryPkInfoFb').at(-1)).toEqual({ id: 'T0001', xnxq: '2025-2026-2', type: '3', zs: 1 });

    act(() => result.current.setWeek(7));
    await waitFor(() => expect(stub.bodies('/pk/queryPkInfoFb').at(-1)).toMatchObject({ zs: 7 }));
    // Weeks outside 1..zs are ignored.
    const before = stub.calls('/pk/queryPkInfoFb').length;
    act(() => result.current.setWeek(0));
    act(() => result.current.setWeek(99));
    expect(result.current.week).toBe(7);
    await new Promise((r) => setTimeout(r, 20));
    expect(stub.calls('/pk/queryPkInfoFb').length).toBe(before);
  });

  it('asks for no cells while the term has no weeks, or without a target', async () => {
    stubTimetable({ zs: 0, dqzs: 0 });
    const { result } = renderHook(() => useTimetable({ target: { kind: 'teacher', zgh: 'T0001' } }));
    await waitFor(() => expect(stub.calls('/pk/initXnxqZc')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.week).toBeNull();
    expect(stub.calls('/pk/queryPkInfoFb')).toHaveLength(0);

    stub.reset();
    stubTimetable();
    const none = renderHook(() => useTimetable({ target: null }));
    await waitFor(() => expect(none.result.current.week).toBe(13));
    await new Promise((r) => setTimeout(r, 20));
    expect(stub.calls('/pk/queryPkInfoFb')).toHaveLength(0);
  });

  it('a new target reloads the cells, the same target again does not', async () => {
    stubTimetable();
    const { result, rerender } = renderHook(({ zgh }) => useTimetable({ target: { kind: 'teacher', zgh } }), { initialProps: { zgh: 'T0001' } });
    await waitFor(() => expect(result.current.data).not.toBeNull());
    rerender({ zgh: 'T0001' });
    rerender({ zgh: 'T0002' });
    await waitFor(() => expect(stub.calls('/pk/queryPkInfoFb')).toHaveLength(2));
    expect(stub.bodies('/pk/queryPkInfoFb')[1]).toMatchObject({ id: 'T0002' });
  });
});

describe('TimetableView', () => {
  it('shows the grid, the weekly hours, elective cells apart, and teacher names as staff links', async () => {
    stubTimetable();
    render(<TimetableView target={{ kind: 'class', bh: '20190801' }} />);
    const grid = await screen.findByTestId('timetable-grid');
    await waitFor(() => expect(screen.getByTestId('timetable-hours')).toHaveTextContent('28'));
    // Week days carry the server's names (the client's stand in for a missing one); periods their time span.
    expect(within(grid).getByText('D1')).toBeInTheDocument();
    expect(within(grid).getByText('P1')).toBeInTheDocument();
    expect(within(grid).getByText('08:00-08:45')).toBeInTheDocument();
    const monday1 = grid.querySelector('td[data-slot="1|1"]')!;
    expect(monday1).toHaveTextContent('Maths');
    expect(monday1).toHaveTextContent('odd');
    // A class's timetable does not repeat the class; the room is shown.
    expect(monday1).toHaveTextContent('Room 101');
    expect(monday1).not.toHaveTextContent('Class 8-1');
    const links = screen.getAllByTestId('teacher-link');
    expect(links.map((l) => l.textContent)).toEqual(['Wang', 'Li']);
    expect(links[0]).toHaveAttribute('data-zgh', 'T0001');
    const elective = screen.getByTestId('timetable-elective');
    expect(elective).toHaveTextContent('Robotics(Zhao)');
    expect(elective.closest('td')).toHaveAttribute('data-slot', '4|3');
    expect(elective).toHaveClass('is-elective');
    expect(screen.getAllByTestId('timetable-course').every((c) => !c.classList.contains('is-elective'))).toBe(true);
  });

  it('names days the server left unnamed, and shows the selected week', async () => {
    stubTimetable();
    stub.on('/pk/initZcJc', () => ({ zc: [{ CODE: 1 }, { CODE: 7, NAME: '' }], jc: [{ PX: 1, MC: 'P1', SKSJD: '' }] }));
    render(<TimetableView target={{ kind: 'teacher', zgh: 'T0001' }} />);
    const grid = await screen.findByTestId('timetable-grid');
    expect(within(grid).getByText('星期一')).toBeInTheDocument();
    expect(within(grid).getByText('星期日')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('timetable')).toHaveTextContent('第13周'));
    expect(screen.getByTestId('timetable')).toHaveTextContent('2026-2027 first term');
  });

  it('shows plain teacher names when links are off', async () => {
    stubTimetable();
    render(<TimetableView target={{ kind: 'class', bh: '20190801' }} teacherLinks={false} />);
    await screen.findByText('Maths');
    expect(screen.queryByTestId('teacher-link')).toBeNull();
    expect(screen.getByText('Wang')).toBeInTheDocument();
  });

  it("a teacher's own timetable shows the classes, not the teacher again", async () => {
    stubTimetable();
    render(<TimetableView target={{ kind: 'teacher', zgh: 'T0001' }} />);
    const maths = (await screen.findByText('Maths')).closest('[data-testid="timetable-course"]')!;
    expect(maths).toHaveTextContent('Class 8-1 · Room 101');
    expect(maths).not.toHaveTextContent('Wang');
  });

  it('steps weeks with the arrow buttons', async () => {
    stubTimetable();
    render(<TimetableView target={{ kind: 'teacher', zgh: 'T0001' }} />);
    await screen.findByText('Maths');
    act(() => screen.getByTestId('timetable-next-week').click());
    await waitFor(() => expect(stub.bodies('/pk/queryPkInfoFb').at(-1)).toMatchObject({ zs: 14 }));
    act(() => screen.getByTestId('timetable-prev-week').click());
    await waitFor(() => expect(stub.bodies('/pk/queryPkInfoFb').at(-1)).toMatchObject({ zs: 13 }));
  });

  it('marks the slots it is given for the week shown, and asks again when the week changes', async () => {
    stubTimetable();
    const slotMarks = vi.fn(async (_term: string, week: number) => (week === 13 ? [{ zc: 1, jc: 1, label: 'On leave', title: 'Sick leave' }] : []));
    render(<TimetableView target={{ kind: 'student', xh: '201911001' }} slotMarks={slotMarks} />);
    const grid = await screen.findByTestId('timetable-grid');
    await waitFor(() => expect(grid.querySelector('td[data-slot="1|1"]')).toHaveClass('has-mark'));
    expect(screen.getByTestId('timetable-mark')).toHaveTextContent('On leave');
    expect(slotMarks).toHaveBeenCalledWith('2026-2027-1', 13, expect.any(AbortSignal));
    act(() => screen.getByTestId('timetable-next-week').click());
    await waitFor(() => expect(slotMarks).toHaveBeenCalledWith('2026-2027-1', 14, expect.any(AbortSignal)));
    await waitFor(() => expect(screen.queryByTestId('timetable-mark')).toBeNull());
  });
});
