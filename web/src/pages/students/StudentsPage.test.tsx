import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stub, stubTimetable } from '../../components/Timetable/callStub.ts';
import StudentsPage from './StudentsPage.tsx';
import type { AppRoute } from '../../app/menuRoutes.ts';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../api/client.ts', async () => (await import('../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/rygl/xsxx' } as AppRoute;
const people = (page: number) =>
  Array.from({ length: 10 }, (_, i) => ({ USERID: `2019110${String(page * 10 + i + 1).padStart(2, '0')}`, USERNAME: `Student ${page * 10 + i + 1}`, USERTYPE: 2, XQMC: 'East', DWMC: 'Class 8-1' }));

beforeEach(() => {
  stub.reset();
  stubTimetable();
  stub
    .on('/components/getUserAllData', (o) => ({ total: 25, rows: people(Number((o?.form as { page: string }).page)) }))
    .on('/xsjbxxtab/getTabData', (o) => ({ dataTab1: [{ XH: (o?.form as { zh: string }).zh, ZH: (o?.form as { zh: string }).zh, XM: 'Student 1', BH: '20190801', XBMC: 'Male', NL: 13, XZBMC: 'Class 8-1', BZRMC: 'Li', BZRZGH: 'T0002', IMG: '', ZXZT: 'In school', XJZT: 'Enrolled', NF: 2019 }] }));
});

const searches = () => stub.bodies('/components/getUserAllData').map((b) => ({ ...b, search: JSON.parse(String(b.search)) as Record<string, string> }));

describe('StudentsPage', () => {
  it('lists students from the people list (USERTYPE 2, zero-based pages) and searches by name and class', async () => {
    render(<StudentsPage route={route} />);
    await screen.findByText('Student 1');
    expect(searches()[0]).toMatchObject({ page: '0', size: '10', search: { USERTYPE: '2', KEYWORD: '', DWDM: '' } });
    fireEvent.change(screen.getByTestId('students-keyword'), { target: { value: ' Zhang ' } });
    fireEvent.change(screen.getByTestId('students-class'), { target: { value: '20190801' } });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ page: '0', search: { USERTYPE: '2', KEYWORD: 'Zhang', DWDM: '20190801' } }));
    fireEvent.click(screen.getByTestId('pagination-next'));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ page: '1' }));
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
