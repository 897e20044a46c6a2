import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stub, stubTimetable } from '../Timetable/callStub.ts';
import type { RequestOptions } from '../../api/client.ts';
import { StudentDialog } from './StudentDialog.tsx';
import { Photo } from './Photo.tsx';
import { dialogWidth } from './dialogWidth.ts';
import { i18n } from '../../i18n/index.ts';

vi.setConfig({ testTimeout: 20_000 });
// The stub answers downloads by path (query included) too: a handler returns the file's Blob.
vi.mock('../../api/client.ts', async () => {
  const { clientModule, stub: calls } = await import('../Timetable/callStub.ts');
  return { ...clientModule, download: (path: string, options?: RequestOptions) => calls.call(path, options) };
});

const PHOTO_PATH = '/xspic/downloadXsPic?xh=201911001&type=2';
const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
let objectUrls: string[] = [];
let revoked: string[] = [];

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
  objectUrls = [];
  revoked = [];
  // jsdom has no object URLs.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${objectUrls.length + 1}-${blob.type}`;
      objectUrls.push(url);
      return url;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
});

const modalWidth = () => ([...document.querySelectorAll('.ant-modal')] as HTMLElement[]).at(-1)!.style.width;

describe('dialog width', () => {
  it('is 650 px, 810 px in English', () => {
    expect(dialogWidth('zh')).toBe(650);
    expect(dialogWidth('en')).toBe(810);
  });
});

describe('Photo', () => {
  it('shows the no-photo text for an empty path without downloading anything', () => {
    render(<Photo path="" alt="x" emptyText="No photo" />);
    expect(screen.getByTestId('photo-empty')).toHaveTextContent('No photo');
    expect(stub.log).toHaveLength(0);
  });

  it('downloads the path with the client and shows it through an object URL; a broken image shows the text', async () => {
    stub.on(PHOTO_PATH, () => jpeg());
    render(<Photo path={PHOTO_PATH} alt="x" emptyText="No photo" />);
    expect(screen.getByTestId('photo-loading')).toBeInTheDocument();
    const img = await screen.findByTestId('photo-img');
    expect(img).toHaveAttribute('src', 'blob:test/1-image/jpeg');
    // Quiet: the component shows its own text when there is no photo.
    expect(stub.calls(PHOTO_PATH)[0].options).toMatchObject({ silent: true });
    fireEvent.error(img);
    expect(screen.getByTestId('photo-empty')).toHaveTextContent('No photo');
  });

  it('shows the no-photo text when the download is refused', async () => {
    stub.on(PHOTO_PATH, () => {
      throw new Error('Data does not exist');
    });
    render(<Photo path={PHOTO_PATH} alt="x" emptyText="No photo" />);
    expect(await screen.findByTestId('photo-empty')).toHaveTextContent('No photo');
    expect(objectUrls).toHaveLength(0);
  });

  it('revokes the object URL when the path changes and on unmount', async () => {
    stub.on(PHOTO_PATH, () => jpeg()).on('/file/download/abc', () => new Blob(['p'], { type: 'image/png' }));
    const { rerender, unmount } = render(<Photo path={PHOTO_PATH} alt="x" emptyText="No photo" />);
    await screen.findByTestId('photo-img');
    rerender(<Photo path="/file/download/abc" alt="x" emptyText="No photo" />);
    await waitFor(() => expect(screen.getByTestId('photo-img')).toHaveAttribute('src', 'blob:test/2-image/png'));
    expect(revoked).toEqual(['blob:test/1-image/jpeg']);
    unmount();
    expect(revoked).toEqual(['blob:test/1-image/jpeg', 'blob:test/2-image/png']);
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

  it('shows the photo when IMG is given, downloaded with the client', async () => {
    stub.on('/xsjbxxtab/getTabData', () => ({ dataTab1: [{ ...STUDENT, IMG: PHOTO_PATH }] }));
    stub.on(PHOTO_PATH, () => jpeg());
    render(<StudentDialog open zh="201911001" onClose={() => undefined} />);
    expect(await screen.findByTestId('student-photo-img')).toHaveAttribute('src', 'blob:test/1-image/jpeg');
    expect(stub.calls(PHOTO_PATH)).toHaveLength(1);
  });

  it('shows the no-photo text when the photo cannot be downloaded', async () => {
    stub.on('/xsjbxxtab/getTabData', () => ({ dataTab1: [{ ...STUDENT, IMG: PHOTO_PATH }] }));
    stub.on(PHOTO_PATH, () => {
      throw new Error('Data does not exist');
    });
    render(<StudentDialog open zh="201911001" onClose={() => undefined} />);
    await waitFor(() => expect(stub.calls(PHOTO_PATH)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('student-photo')).toHaveAttribute('data-state', 'empty'));
    expect(screen.getByTestId('student-photo-empty')).toHaveTextContent('暂无照片');
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
