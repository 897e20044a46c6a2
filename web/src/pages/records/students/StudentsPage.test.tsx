import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stub, stubTimetable } from '../../../components/Timetable/callStub.ts';
import StudentsPage from './StudentsPage.tsx';
import type { AppRoute } from '../../../app/menuRoutes.ts';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/rygl/xsxx' } as AppRoute;
const rows = (page: number) =>
  Array.from({ length: 10 }, (_, i) => {
    const n = page * 10 + i + 1;
    const number = `2019110${String(n).padStart(2, '0')}`;
    return {
      studentNumber: number, account: number, name: `Student ${n}`, genderName: 'Male', classCode: '20190801', className: 'Class 8-1',
      gradeCode: 'g8', gradeName: 'Grade 8', campusCode: 'campus-1', campusName: 'East', entryYear: 2019, inSchoolStatusName: 'In school',
    };
  });
const CLASSES = [
  { code: '20190801', name: 'Class 8-1', gradeCode: 'g8', gradeName: 'Grade 8', campusCode: 'campus-1', campusName: 'East', classTeacherName: 'Li', classTeacherNumber: 'T0002' },
  { code: '20190802', name: 'Class 8-2', gradeCode: 'g8', gradeName: 'Grade 8', campusCode: 'campus-1', campusName: 'East', classTeacherName: null, classTeacherNumber: null },
];

beforeEach(() => {
  stub.reset();
  stubTimetable();
  stub
    .on('/api/students/page', (o) => ({ total: 25, rows: rows(Number((o?.json as { currPage: number }).currPage)) }))
    .on('/api/classes/list', () => CLASSES)
    .on('/xsjbxxtab/getTabData', (o) => ({ dataTab1: [{ XH: (o?.form as { zh: string }).zh, ZH: (o?.form as { zh: string }).zh, XM: 'Student 1', BH: '20190801', XBMC: 'Male', NL: 13, XZBMC: 'Class 8-1', BZRMC: 'Li', BZRZGH: 'T0002', IMG: '', ZXZT: 'In school', XJZT: 'Enrolled', NF: 2019 }] }));
});

const bodies = () => stub.bodies('/api/students/page') as { currPage: number; limit: number; order: string; sortField: string; search: Record<string, string> }[];

async function pick(testId: string, option: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

describe('StudentsPage', () => {
  it('lists students with the generic paged call and searches by keyword and a class from the class list', async () => {
    render(<StudentsPage route={route} />);
    await screen.findByText('Student 1');
    expect(bodies()[0]).toMatchObject({ currPage: 0, limit: 10, order: '', sortField: '' });
    expect(screen.getByText('201911001')).toBeInTheDocument();
    expect(screen.getAllByText('Grade 8').length).toBeGreaterThan(0);
    expect(stub.calls('/api/classes/list')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('students-keyword'), { target: { value: ' Zhang ' } });
    await pick('students-class', 'Class 8-2');
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ currPage: 0, search: { keyword: 'Zhang', classCode: '20190802' } }));
    fireEvent.click(screen.getByTestId('pagination-next'));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ currPage: 1, search: { keyword: 'Zhang', classCode: '20190802' } }));
    await screen.findByText('Student 11');
  });

  it('sorts on the server by the column clicked', async () => {
    render(<StudentsPage route={route} />);
    await screen.findByText('Student 1');
    const header = screen.getAllByRole('columnheader').find((el) => el.textContent?.includes('学号'));
    fireEvent.click(header!.querySelector('.ant-table-column-sorters') ?? header!);
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ currPage: 0, order: 'asc', sortField: 'studentNumber' }));
  });

  it("a name opens the student's dialog with the basic information and the timetable tab", async () => {
    render(<StudentsPage route={route} />);
    fireEvent.click(await screen.findByText('Student 3'));
    await waitFor(() => expect(stub.bodies('/xsjbxxtab/getTabData')).toEqual([{ zh: '201911003' }]));
    await screen.findByTestId('student-basic');
    fireEvent.click(screen.getByTestId('student-tab-timetable'));
    await waitFor(() => expect(stub.bodies('/mobileKb/queryXskb')).toEqual([{ xh: '201911003', xnxq: '2026-2027-1', zs: 13 }]));
  });
});
