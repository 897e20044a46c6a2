import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stub, stubTimetable } from '../Timetable/callStub.ts';
import type { RequestOptions } from '../../api/client.ts';
import { StaffDialog, visibleStaffTabs, DEFAULT_STAFF_TABS } from './StaffDialog.tsx';
import { TeacherLink, isStaffCaller, findStaffNumber } from './TeacherLink.tsx';
import { i18n } from '../../i18n/index.ts';
import { useSession } from '../../state/session.ts';

vi.setConfig({ testTimeout: 20_000 });
// The stub answers downloads by path too: a handler returns the file's Blob.
vi.mock('../../api/client.ts', async () => {
  const { clientModule, stub: calls } = await import('../Timetable/callStub.ts');
  return { ...clientModule, download: (path: string, options?: RequestOptions) => calls.call(path, options) };
});

const BASIC = { ZGH: 'T0002', XM: 'Li Xiuying', XQ: 'East campus', XB: 'Female', IMG: '', RESID: '', BZBM: 'Academic office', SSJYZ: 'Chinese group', GZBM: 'Junior division', CYDH: '138****0002' };

function stubStaff() {
  stubTimetable();
  stub
    .on('/base/jzgzj/getJzgZjJbXx', (o) => ({ ...BASIC, ZGH: (o?.form as { zgh: string }).zgh }))
    .on('/base/jzgzj/getJzgZjRzXx', () => ({ bzrmc: 'Class 8-1', bkzz: 'Grade 8 Chinese', njzz: '' }))
    .on('/base/jzgzj/getJzgZjRkXx', () => [{ MC: 'Class 8-1 Chinese' }, { MC: 'Class 8-2 Chinese' }])
    .on('/base/jzgzj/getJzgZjJsXx', () => [{ MC: 'Room 101' }])
    .on('/base/jzgzj/getPkxx', () => ({
      list: [{ JSKSLB: 'Chief', KSRQ: '2026-11-10', KSSJ: '08:30', JSSJ: '10:30', KCMC: 'Maths', SC: 2 }],
      statistics: { Chief: 2, Patrol: 1.5 },
    }));
}

const count = (path: string) => stub.calls(path).length;
const tab = (name: string) => screen.getByTestId(`staff-tab-${name}`);

beforeEach(() => {
  stub.reset();
  stubStaff();
  void i18n.changeLanguage('zh');
});

describe('staff dialog tabs', () => {
  it('shows basic, appointment/teaching and timetable by default; invigilation when asked', () => {
    expect(DEFAULT_STAFF_TABS).toEqual(['jbxx', 'rzrk', 'course']);
    expect(visibleStaffTabs()).toEqual(['jbxx', 'rzrk', 'course']);
    expect(visibleStaffTabs(undefined, true)).toEqual(['jbxx', 'rzrk', 'course', 'pkxx']);
    expect(visibleStaffTabs(['jbxx', 'pkxx'])).toEqual(['jbxx', 'pkxx']);
  });

  it('staff callers (administrators, teachers) get the invigilation tab by default', () => {
    expect(isStaffCaller(1)).toBe(true);
    expect(isStaffCaller(3)).toBe(true);
    expect(isStaffCaller(2)).toBe(false);
    expect(isStaffCaller(4)).toBe(false);
  });
});

describe('StaffDialog', () => {
  it('opening loads the active tab only; each tab loads once on first view', async () => {
    render(<StaffDialog open zgh="T0002" onClose={() => undefined} showInvigilation />);
    await screen.findByText('Academic office');
    expect(count('/base/jzgzj/getJzgZjJbXx')).toBe(1);
    expect(count('/base/jzgzj/getJzgZjRzXx')).toBe(0);
    expect(count('/base/jzgzj/getPkxx')).toBe(0);
    expect(screen.getByTestId('staff-photo-empty')).toHaveTextContent('暂无照片');
    for (const name of ['jbxx', 'rzrk', 'course', 'pkxx']) expect(tab(name)).toBeInTheDocument();

    fireEvent.click(tab('rzrk'));
    await screen.findByText('Class 8-1 Chinese');
    expect(screen.getByText('Grade 8 Chinese')).toBeInTheDocument();
    expect(screen.getByText('Room 101')).toBeInTheDocument();
    expect([count('/base/jzgzj/getJzgZjRzXx'), count('/base/jzgzj/getJzgZjRkXx'), count('/base/jzgzj/getJzgZjJsXx')]).toEqual([1, 1, 1]);

    fireEvent.click(tab('course'));
    await waitFor(() => expect(count('/pk/queryPkInfoFb')).toBe(1));
    expect(stub.bodies('/pk/queryPkInfoFb')[0]).toMatchObject({ id: 'T0002', type: '3' });

    fireEvent.click(tab('pkxx'));
    await screen.findByText('2026-11-10');
    expect(stub.bodies('/base/jzgzj/getPkxx')).toEqual([{ zgh: 'T0002' }]);
    const stats = screen.getByTestId('staff-invigilation-stats');
    expect(stats).toHaveTextContent('Chief');
    expect(stats).toHaveTextContent('2 小时');
    expect(stats).toHaveTextContent('1.5 小时');

    // Back and forth: nothing loads again.
    fireEvent.click(tab('jbxx'));
    fireEvent.click(tab('rzrk'));
    fireEvent.click(tab('course'));
    await new Promise((r) => setTimeout(r, 30));
    expect(count('/base/jzgzj/getJzgZjJbXx')).toBe(1);
    expect(count('/base/jzgzj/getJzgZjRzXx')).toBe(1);
    expect(count('/base/jzgzj/getPkxx')).toBe(1);
    expect(count('/pk/queryPkInfoFb')).toBe(1);
  });

  it('sends pcid only when a batch is given', async () => {
    render(<StaffDialog open zgh="T0002" onClose={() => undefined} showInvigilation defaultTab="pkxx" pcid="7" />);
    await screen.findByText('2026-11-10');
    expect(stub.bodies('/base/jzgzj/getPkxx')).toEqual([{ zgh: 'T0002', pcid: '7' }]);
    expect(count('/base/jzgzj/getJzgZjJbXx')).toBe(0);
  });

  it('reloads when the staff number changes and when it reopens, starting on the default tab', async () => {
    const { rerender } = render(<StaffDialog open zgh="T0002" onClose={() => undefined} />);
    await screen.findByText('Academic office');
    fireEvent.click(tab('rzrk'));
    await screen.findByText('Class 8-1 Chinese');

    rerender(<StaffDialog open zgh="T0003" onClose={() => undefined} />);
    await waitFor(() => expect(count('/base/jzgzj/getJzgZjJbXx')).toBe(2));
    expect(stub.bodies('/base/jzgzj/getJzgZjJbXx')[1]).toEqual({ zgh: 'T0003' });
    expect(tab('jbxx').closest('.ant-tabs-tab')).toHaveClass('ant-tabs-tab-active');

    rerender(<StaffDialog open={false} zgh="T0003" onClose={() => undefined} />);
    rerender(<StaffDialog open zgh="T0003" onClose={() => undefined} />);
    await waitFor(() => expect(count('/base/jzgzj/getJzgZjJbXx')).toBe(3));
    fireEvent.click(screen.getByTestId('staff-tab-rzrk'));
    await waitFor(() => expect(count('/base/jzgzj/getJzgZjRzXx')).toBe(2));
  });

  it('is 650 px wide, 810 px in English, with a back button in the footer', async () => {
    const onClose = vi.fn();
    const { unmount } = render(<StaffDialog open zgh="T0002" onClose={onClose} />);
    await screen.findByText('Academic office');
    expect((document.querySelector('.campus-profile-dialog .ant-modal, .ant-modal.campus-profile-dialog') as HTMLElement).style.width).toBe('650px');
    fireEvent.click(screen.getByTestId('staff-dialog-back'));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();

    await act(() => i18n.changeLanguage('en'));
    render(<StaffDialog open zgh="T0002" onClose={onClose} />);
    await screen.findAllByText('Academic office');
    const dialogs = [...document.querySelectorAll('.ant-modal')] as HTMLElement[];
    expect(dialogs.at(-1)!.style.width).toBe('810px');
    expect(screen.getAllByText('Back').length).toBeGreaterThan(0);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('shows the photo from IMG or RESID through an object URL, and the no-photo text when it fails', async () => {
    Object.assign(URL, { createObjectURL: (blob: Blob) => `blob:test/${blob.type}`, revokeObjectURL: () => undefined });
    stub.on('/base/jzgzj/getJzgZjJbXx', () => ({ ...BASIC, IMG: '/file/download/abc' }));
    stub.on('/file/download/abc', () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
    const { unmount } = render(<StaffDialog open zgh="T0002" onClose={() => undefined} />);
    const img = await screen.findByTestId('staff-photo-img');
    expect(img).toHaveAttribute('src', 'blob:test/image/jpeg');
    expect(stub.calls('/file/download/abc')).toHaveLength(1);
    fireEvent.error(img);
    expect(screen.getByTestId('staff-photo-empty')).toHaveTextContent('暂无照片');
    unmount();

    // Only a RESID: the file-download path; a refused download shows the text.
    stub.on('/base/jzgzj/getJzgZjJbXx', () => ({ ...BASIC, RESID: 'r 1' }));
    stub.on('/file/download/r%201', () => {
      throw new Error('Data does not exist');
    });
    render(<StaffDialog open zgh="T0002" onClose={() => undefined} />);
    await waitFor(() => expect(stub.calls('/file/download/r%201')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('staff-photo')).toHaveAttribute('data-state', 'empty'));
    expect(screen.getByTestId('staff-photo-empty')).toHaveTextContent('暂无照片');
  });
});

describe('TeacherLink', () => {
  it('opens the staff dialog of its staff number; staff callers see the invigilation tab', async () => {
    useSession.setState({ user: { userId: 'T0001', username: 'T0001', userType: 3, displayName: 'Wang' } });
    render(<TeacherLink zgh="T0002" name="Li Xiuying" />);
    fireEvent.click(screen.getByTestId('teacher-link'));
    await screen.findByText('Academic office');
    expect(stub.bodies('/base/jzgzj/getJzgZjJbXx')).toEqual([{ zgh: 'T0002' }]);
    expect(screen.getByTestId('staff-tab-pkxx')).toBeInTheDocument();
  });

  it('families do not see the invigilation tab', async () => {
    useSession.setState({ user: { userId: '201911001', username: '201911001', userType: 2, displayName: 'Zhang' } });
    render(<TeacherLink zgh="T0002" name="Li Xiuying" />);
    fireEvent.click(screen.getByTestId('teacher-link'));
    await screen.findByText('Academic office');
    expect(screen.queryByTestId('staff-tab-pkxx')).toBeNull();
  });

  it('looks a teacher known only by name up in the people list (exact, unique match)', async () => {
    stub.on('/components/getUserAllData', () => ({ total: 2, rows: [{ USERID: 'T0009', USERNAME: 'Li Xiuyingzi', USERTYPE: 3 }, { USERID: 'T0002', USERNAME: 'Li Xiuying', USERTYPE: 3 }] }));
    expect(await findStaffNumber('Li Xiuying')).toBe('T0002');
    expect(JSON.parse(String(stub.bodies('/components/getUserAllData')[0].search))).toMatchObject({ USERTYPE: '3', KEYWORD: 'Li Xiuying' });
    render(<TeacherLink name="Li Xiuying" />);
    fireEvent.click(screen.getByTestId('teacher-link'));
    await screen.findByText('Academic office');
    expect(stub.bodies('/base/jzgzj/getJzgZjJbXx')).toEqual([{ zgh: 'T0002' }]);
    stub.on('/components/getUserAllData', () => ({ total: 0, rows: [] }));
    expect(await findStaffNumber('Nobody')).toBeNull();
  });
});
