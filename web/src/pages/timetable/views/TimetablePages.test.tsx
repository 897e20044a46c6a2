import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { stub, stubTimetable } from '../../../components/Timetable/callStub.ts';
import StudentTimetablePage, { isFamily } from './StudentTimetablePage.tsx';
import TeacherTimetablePage, { staffNumberOf } from './TeacherTimetablePage.tsx';
import ClassTimetablePage from './ClassTimetablePage.tsx';
import { dayjsLocaleOf } from '../../../i18n/dayjsLocale.ts';
import { ownStudentAccount } from '../../../api/students.ts';
import { useSession } from '../../../state/session.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/kbgl/xskb' } as AppRoute;

beforeEach(() => {
  stub.reset();
  localStorage.clear();
  stubTimetable();
  stub.on('/xsjbxxtab/getTabData', (o) => ({
    dataTab1: [{ XH: '201911001', ZH: (o?.form as { zh: string }).zh, XM: 'Zhang Xiaoming', BH: '20190801', XBMC: 'Male', NL: 13, XZBMC: 'Class 8-1', BZRMC: 'Li', BZRZGH: 'T0002', IMG: '', ZXZT: '', XJZT: '', NF: 2019 }],
  }));
});

describe('rules', () => {
  it('a parent looks at the child (account without jz), a student at themselves', () => {
    expect(ownStudentAccount(4, 'jz201911001')).toBe('201911001');
    expect(ownStudentAccount(2, '201911001')).toBe('201911001');
    expect(isFamily(2)).toBe(true);
    expect(isFamily(4)).toBe(true);
    expect(isFamily(3)).toBe(false);
  });

  it('reads the staff number of a picked person', () => {
    expect(staffNumberOf('U_T0002')).toBe('T0002');
    expect(staffNumberOf('O_12')).toBe('');
    expect(staffNumberOf('')).toBe('');
  });

  it('dayjs speaks zh-cn in Chinese', () => {
    expect(dayjsLocaleOf('zh')).toBe('zh-cn');
    expect(dayjsLocaleOf('en')).toBe('en');
  });
});

describe('StudentTimetablePage', () => {
  it("a parent sees the child's timetable", async () => {
    useSession.setState({ user: { userId: 'jz201911001', username: 'jz201911001', userType: 4, displayName: 'Parent' }, account: 'jz201911001' });
    render(<StudentTimetablePage route={route} />);
    expect(await screen.findByTestId('timetable-student-name')).toHaveTextContent('Zhang Xiaoming');
    expect(stub.bodies('/xsjbxxtab/getTabData')[0]).toEqual({ zh: '201911001' });
    await waitFor(() => expect(stub.bodies('/mobileKb/queryXskb')).toEqual([{ xh: '201911001', xnxq: '2026-2027-1', zs: 13 }]));
    fireEvent.click(screen.getByTestId('open-student-dialog'));
    expect(await screen.findByTestId('student-basic')).toBeInTheDocument();
  });

  it('a student sees their own; others name a student account', async () => {
    useSession.setState({ user: { userId: '201911001', username: '201911001', userType: 2, displayName: 'Zhang' }, account: '201911001' });
    const { unmount } = render(<StudentTimetablePage route={route} />);
    await waitFor(() => expect(stub.calls('/mobileKb/queryXskb')).toHaveLength(1));
    expect(screen.queryByTestId('timetable-student-account')).toBeNull();
    unmount();
    stub.reset();
    stubTimetable();
    stub.on('/xsjbxxtab/getTabData', () => ({ dataTab1: [{ XH: '201911002', XM: 'Another' }] }));
    useSession.setState({ user: { userId: 'admin', username: 'admin', userType: 1, displayName: 'Admin' }, account: 'admin' });
    render(<StudentTimetablePage route={route} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(stub.calls('/xsjbxxtab/getTabData')).toHaveLength(0);
    const input = screen.getByPlaceholderText('学生账号');
    fireEvent.change(input, { target: { value: '201911002' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(stub.bodies('/mobileKb/queryXskb')).toEqual([{ xh: '201911002', xnxq: '2026-2027-1', zs: 13 }]));
  });
});

describe('TeacherTimetablePage', () => {
  it("shows the teacher's own timetable, and a colleague's by staff number", async () => {
    useSession.setState({ user: { userId: 'T0001', username: 'T0001', userType: 3, displayName: 'Wang' } });
    render(<MemoryRouter><TeacherTimetablePage route={{ path: '/kbgl/jskb' } as AppRoute} /></MemoryRouter>);
    await waitFor(() => expect(stub.bodies('/pk/queryPkInfoFb')[0]).toEqual({ id: 'T0001', xnxq: '2026-2027-1', type: '3', zs: 13 }));
    const input = screen.getByPlaceholderText('教职工号');
    fireEvent.change(input, { target: { value: 'T0002' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(stub.bodies('/pk/queryPkInfoFb').at(-1)).toMatchObject({ id: 'T0002' }));
    fireEvent.click(screen.getByTestId('timetable-own'));
    await waitFor(() => expect(stub.bodies('/pk/queryPkInfoFb').at(-1)).toMatchObject({ id: 'T0001' }));
  });
});

describe('ClassTimetablePage', () => {
  it('offers the classes of /api/classes/list, shows the one chosen and remembers it', async () => {
    stub.on('/api/classes/list', () => [
      { code: '20190801', name: 'Class 8-1', gradeCode: 'g8', gradeName: 'Grade 8', campusCode: 'campus-1', campusName: 'East', classTeacherName: 'Li', classTeacherNumber: 'T0002' },
      { code: '20190802', name: 'Class 8-2', gradeCode: 'g8', gradeName: 'Grade 8', campusCode: 'campus-1', campusName: 'East', classTeacherName: null, classTeacherNumber: null },
    ]);
    const { unmount } = render(<ClassTimetablePage route={{ path: '/kbgl/bjkb' } as AppRoute} />);
    expect(stub.calls('/pk/queryPkInfoFb')).toHaveLength(0);
    const select = screen.getByTestId('timetable-class-select');
    fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === 'Class 8-2');
      if (!found) throw new Error('no option');
      return found as HTMLElement;
    });
    fireEvent.click(option);
    await waitFor(() => expect(stub.bodies('/pk/queryPkInfoFb')[0]).toMatchObject({ id: '20190802', type: '1' }));
    expect(screen.getByTestId('timetable-class-number')).toHaveTextContent('20190802');
    unmount();
    render(<ClassTimetablePage route={{ path: '/kbgl/bjkb' } as AppRoute} />);
    await waitFor(() => expect(stub.calls('/pk/queryPkInfoFb')).toHaveLength(2));
    expect(stub.bodies('/pk/queryPkInfoFb')[1]).toMatchObject({ id: '20190802' });
  });
});
