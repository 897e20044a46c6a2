import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stub, stubTimetable } from '../Timetable/callStub.ts';
import { StudentDialog } from './StudentDialog.tsx';
import { Photo } from './Photo.tsx';
import { dialogWidth } from './dialogWidth.ts';
import { i18n } from '../../i18n/index.ts';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../api/client.ts', async () => (await import('../Timetable/callStub.ts')).clientModule);

const STUDENT = {
  XH: '201911001',
  ZH: '201911001',
  XM: 'Zhang Xiaoming',
  BH: '20190801',
  XBMC: 'Male',
  NL: 13,
  XZBMC: 'Class 8-1',
  BZRMC: 'Li Xiuying',
  BZRZGH: 'T0002',
  IMG: '',
  ZXZT: 'In school',
  XJZT: 'Enrolled',
  NF: 2019,
};

beforeEach(() => {
  stub.reset();
  stubTimetable();
  stub.on('/xsjbxxtab/getTabData', () => ({ dataTab1: [STUDENT] }));
  void i18n.changeLanguage('zh');
});

const modalWidth = () => ([...document.querySelectorAll('.ant-modal')] as HTMLElement[]).at(-1)!.style.width;

describe('dialog width', () => {
  it('is 650 px, 810 px in English', () => {
    expect(dialogWidth('zh')).toBe(650);
    expect(dialogWidth('en')).toBe(810);
  });
});

describe('Photo', () => {
  it('shows the image, or the no-photo text when the address is empty or the image fails', () => {
    const { rerender } = render(<Photo src="" alt="x" emptyText="No photo" />);
    expect(screen.getByTestId('photo-empty')).toHaveTextContent('No photo');
    rerender(<Photo src="/xspic/downloadXsPic?xh=1&type=2" alt="x" emptyText="No photo" />);
    const img = screen.getByTestId('photo-img');
    expect(img).toHaveAttribute('src', '/xspic/downloadXsPic?xh=1&type=2');
    fireEvent.error(img);
    expect(screen.getByTestId('photo-empty')).toBeInTheDocument();
    // Another address tries again.
    rerender(<Photo src="/other.png" alt="x" emptyText="No photo" />);
    expect(screen.getByTestId('photo-img')).toHaveAttribute('src', '/other.png');
  });
});

describe('StudentDialog', () => {
  it('shows the basic information with the no-photo text, the class teacher as a staff link, and a back button', async () => {
    const onClose = vi.fn();
    render(<StudentDialog open zh="201911001" onClose={onClose} />);
    await screen.findByText('Class 8-1');
    expect(stub.bodies('/xsjbxxtab/getTabData')).toEqual([{ zh: '201911001' }]);
    expect(screen.getByTestId('student-photo-empty')).toHaveTextContent('暂无照片');
    for (const text of ['Zhang Xiaoming', 'Male', '13', '2019', '20190801', 'In school', 'Enrolled']) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByTestId('teacher-link')).toHaveAttribute('data-zgh', 'T0002');
    expect(modalWidth()).toBe('650px');
    // The timetable is not asked for until its tab is shown.
    expect(stub.calls('/mobileKb/queryXskb')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('student-dialog-back'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the photo when IMG is given', async () => {
    stub.on('/xsjbxxtab/getTabData', () => ({ dataTab1: [{ ...STUDENT, IMG: '/xspic/downloadXsPic?xh=201911001&type=2' }] }));
    render(<StudentDialog open zh="201911001" onClose={() => undefined} />);
    expect(await screen.findByTestId('student-photo-img')).toHaveAttribute('src', '/xspic/downloadXsPic?xh=201911001&type=2');
  });

  it("the timetable tab shows the student's timetable by student number", async () => {
    render(<StudentDialog open zh="201911001" onClose={() => undefined} />);
    await screen.findByText('Class 8-1');
    fireEvent.click(screen.getByTestId('student-tab-timetable'));
    await screen.findByTestId('timetable-grid');
    await waitFor(() => expect(stub.bodies('/mobileKb/queryXskb')).toEqual([{ xh: '201911001', xnxq: '2026-2027-1', zs: 13 }]));
    expect(await screen.findByText('Maths')).toBeInTheDocument();
  });

  it('loads afresh on reopening and for another student', async () => {
    const { rerender } = render(<StudentDialog open zh="201911001" onClose={() => undefined} />);
    await screen.findByText('Class 8-1');
    rerender(<StudentDialog open={false} zh="201911001" onClose={() => undefined} />);
    rerender(<StudentDialog open zh="201911001" onClose={() => undefined} />);
    await waitFor(() => expect(stub.calls('/xsjbxxtab/getTabData')).toHaveLength(2));
    rerender(<StudentDialog open zh="201911002" onClose={() => undefined} />);
    await waitFor(() => expect(stub.bodies('/xsjbxxtab/getTabData').at(-1)).toEqual({ zh: '201911002' }));
  });

  it('is 810 px wide in English and says when the student is unknown', async () => {
    await act(() => i18n.changeLanguage('en'));
    stub.on('/xsjbxxtab/getTabData', () => ({ dataTab1: [] }));
    render(<StudentDialog open zh="nobody" onClose={() => undefined} />);
    await screen.findByText('No information about this student');
    expect(modalWidth()).toBe('810px');
    expect(screen.getByText('Back')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh'));
  });
});
