import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { setFeedback, type Feedback } from '../../app/feedback.ts';
import { i18n } from '../../i18n/index.ts';
import { FileUpload, UPLOAD_PATH, type UploadedFile } from './FileUpload.tsx';
import type { UploadParts } from '../../api/client.ts';

vi.setConfig({ testTimeout: 20_000 });

const uploadMock = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../api/client.ts')>()), upload: uploadMock }));

let errors: string[];

beforeEach(async () => {
  uploadMock.mockReset();
  let next = 0;
  uploadMock.mockImplementation(async (_path: string, parts: UploadParts) =>
    parts.files.map((file): UploadedFile => {
      next += 1;
      return { RESID: `r${next}`, name: (file as File).name, size: file.size, mimeType: file.type, url: `/file/download/r${next}` };
    }),
  );
  errors = [];
  const message = { error: vi.fn((options: { content: string }) => errors.push(String(options.content))), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
  setFeedback({ message, modal: { warning: vi.fn(), confirm: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh'));
});

const png = (name = 'logo.png', size = 8) => new File([new Uint8Array(size).fill(1)], name, { type: 'image/png' });

function choose(testId: string, ...files: File[]) {
  const input = screen.getByTestId(testId).querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

/** A parent that keeps the value, as a form would. */
function Harness(props: {
  purpose: 'image' | 'avatar' | 'document' | 'assignmentImage';
  initial?: string[];
  onValue?: (ids: string[]) => void;
  known?: { RESID: string; name: string }[];
  capture?: 'environment' | 'user';
  listStored?: boolean;
}) {
  const [ids, setIds] = useState<string[]>(props.initial ?? []);
  return (
    <>
      <FileUpload
        purpose={props.purpose}
        value={ids}
        knownFiles={props.known}
        capture={props.capture}
        listStored={props.listStored}
        onChange={(next) => {
          setIds(next);
          props.onValue?.(next);
        }}
      />
      <span data-testid="value">{ids.join(',')}</span>
    </>
  );
}

const names = () => [...document.querySelectorAll('.ant-upload-list-item-name')].map((el) => el.textContent);

describe('FileUpload', () => {
  it('uploads a chosen file with its purpose through the client and lists it by name; value = resource ids', async () => {
    const onValue = vi.fn();
    render(<Harness purpose="image" onValue={onValue} />);
    expect(screen.getByTestId('file-upload-hint')).toHaveTextContent('支持 JPG/PNG，单个文件不超过 2 MB，最多 9 个');
    const file = png();
    choose('file-upload', file);
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('r1'));
    expect(uploadMock).toHaveBeenCalledTimes(1);
    const [path, parts] = uploadMock.mock.calls[0] as [string, UploadParts];
    expect(path).toBe(UPLOAD_PATH);
    expect(parts.fields).toEqual({ purpose: 'image' });
    expect((parts.files[0] as File).name).toBe('logo.png');
    expect(onValue).toHaveBeenLastCalledWith(['r1']);
    expect(names()).toEqual(['logo.png']);
    expect(screen.getByTestId('file-upload').querySelector('input[type=file]')).toHaveAttribute('accept', '.jpg,.jpeg,.png');
  });

  it('uploads several files one call each and keeps every id', async () => {
    render(<Harness purpose="image" />);
    choose('file-upload', png('a.png'), png('b.png'), png('c.jpg'));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('r1,r2,r3'));
    expect(uploadMock).toHaveBeenCalledTimes(3);
    expect(names()).toEqual(['a.png', 'b.png', 'c.jpg']);
  });

  it('refuses a 0 KB file with the catalogue message in the user language, sending nothing', async () => {
    render(<Harness purpose="image" />);
    choose('file-upload', png('empty.png', 0));
    await waitFor(() => expect(errors).toEqual(['文件大小不能为0KB']));
    await act(() => i18n.changeLanguage('en'));
    choose('file-upload', png('empty.png', 0));
    await waitFor(() => expect(errors.at(-1)).toBe('File size cannot be 0KB'));
    expect(uploadMock).not.toHaveBeenCalled();
    expect(names()).toEqual([]);
  });

  it('refuses a wrong type and a file over the size limit before sending', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<Harness purpose="image" />);
    choose('file-upload', new File(['%PDF-'], 'notes.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(errors.at(-1)).toBe('The type of notes.pdf is not allowed; allowed: JPG/PNG'));
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 + 1 });
    choose('file-upload', big);
    await waitFor(() => expect(errors.at(-1)).toBe('The file big.png is larger than the limit of 2 MB'));
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('refuses files beyond the purpose count, and hides the button when full', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<Harness purpose="avatar" />);
    choose('file-upload', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }), new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me2.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('r1'));
    expect(errors).toContain('At most 1 files can be uploaded at a time');
    expect(uploadMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('file-upload-button')).toBeNull();
  });

  it('removes a file from the value, and names known files', async () => {
    const onValue = vi.fn();
    render(<Harness purpose="document" initial={['d1', 'd2']} known={[{ RESID: 'd1', name: 'plan.docx' }]} onValue={onValue} />);
    expect(names()).toEqual(['plan.docx', 'd2']);
    const remove = document.querySelectorAll('.ant-upload-list-item')[0].querySelector('button, .anticon-delete') as HTMLElement;
    fireEvent.click(remove);
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith(['d2']));
    expect(names()).toEqual(['d2']);
  });

  it('leaves the stored files out of its list when the caller lists them itself', () => {
    render(<Harness purpose="document" initial={['d1']} known={[{ RESID: 'd1', name: 'plan.docx' }]} listStored={false} />);
    expect(names()).toEqual([]);
    expect(screen.getByTestId('value').textContent).toBe('d1');
  });

  it('offers the camera beside the choose button when asked, its pictures joining the same list and value', async () => {
    const { unmount } = render(<Harness purpose="assignmentImage" />);
    expect(screen.queryByTestId('file-upload-camera')).toBeNull();
    expect(screen.getByTestId('file-upload').querySelectorAll('input[type=file]')).toHaveLength(1);
    unmount();
    render(<Harness purpose="assignmentImage" capture="environment" initial={['r0']} known={[{ RESID: 'r0', name: 'page1.jpg' }]} />);
    expect(screen.getByTestId('file-upload-camera')).toHaveTextContent('拍照');
    const [camera, chooser] = [...screen.getByTestId('file-upload').querySelectorAll('input[type=file]')] as HTMLInputElement[];
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(chooser).not.toHaveAttribute('capture');
    expect(chooser).toHaveAttribute('accept', '.jpg,.jpeg,.png');
    fireEvent.change(camera, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('r0,r1'));
    expect((uploadMock.mock.calls[0] as [string, UploadParts])[1].fields).toEqual({ purpose: 'assignmentImage' });
    expect(names()).toEqual(['page1.jpg', 'photo.jpg']);
    // The camera's pictures pass the same checks.
    // (The input is a new element after each choice.)
    const again = screen.getByTestId('file-upload').querySelector('input[capture]') as HTMLInputElement;
    fireEvent.change(again, { target: { files: [new File(['%PDF-'], 'scan.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(uploadMock).toHaveBeenCalledTimes(1);
  });

  it('drops a failed upload from the list (the client has shown the message)', async () => {
    uploadMock.mockRejectedValueOnce(new Error('File upload failed'));
    render(<Harness purpose="image" />);
    choose('file-upload', png());
    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(names()).toEqual([]));
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });
});
