import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { RECORDING_MAX_SECONDS } from '@campus/contract';
import { setFeedback, type Feedback } from '../../app/feedback.ts';
import { i18n } from '../../i18n/index.ts';
import type { UploadParts } from '../../api/client.ts';
import type { UploadedFile } from '../FileUpload/index.ts';
import { RecordingsField } from './index.ts';

vi.setConfig({ testTimeout: 20_000 });

const uploadMock = vi.hoisted(() => vi.fn());
const downloadMock = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../api/client.ts')>()), upload: uploadMock, download: downloadMock }));

/** A stand-in for the browser's MediaRecorder: records nothing, hands over a few bytes when stopped. */
class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = vi.fn((type: string) => type === 'audio/mp4');
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  stopCalls = 0;
  constructor(
    public stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.stopCalls += 1;
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    // The browser delivers the data and the stop event after the call returns.
    void Promise.resolve().then(() => {
      this.ondataavailable?.({ data: new Blob([new Uint8Array([0, 0, 0, 0x24, 0x66, 0x74, 0x79, 0x70])], { type: this.mimeType }) });
      this.onstop?.();
    });
  }
}

let track: { stop: ReturnType<typeof vi.fn> };
let getUserMedia: ReturnType<typeof vi.fn>;
let errors: string[];

function installBrowser(options: { recorder?: boolean; microphone?: boolean } = {}) {
  if (options.recorder !== false) Object.defineProperty(window, 'MediaRecorder', { value: FakeMediaRecorder, configurable: true, writable: true });
  if (options.microphone !== false) Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

beforeEach(async () => {
  FakeMediaRecorder.instances = [];
  track = { stop: vi.fn() };
  getUserMedia = vi.fn(async () => ({ getTracks: () => [track] }) as unknown as MediaStream);
  uploadMock.mockReset();
  let next = 0;
  uploadMock.mockImplementation(async (_path: string, parts: UploadParts) =>
    parts.files.map((file): UploadedFile => {
      next += 1;
      return { RESID: `r${next}`, name: (file as File).name, size: file.size, mimeType: file.type, url: `/file/download/r${next}` };
    }),
  );
  downloadMock.mockReset();
  downloadMock.mockImplementation(async () => new Blob([new Uint8Array([1])], { type: 'audio/mp4' }));
  let urls = 0;
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => `blob:test/${++urls}`), configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
  errors = [];
  const message = { error: vi.fn((options: { content: string }) => errors.push(String(options.content))), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
  setFeedback({ message, modal: { warning: vi.fn(), confirm: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
});

afterEach(async () => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, 'MediaRecorder');
  Reflect.deleteProperty(navigator, 'mediaDevices');
  await act(() => i18n.changeLanguage('zh'));
});

/** A parent that keeps the value, as a form would. */
function Harness(props: { initial?: string[]; known?: { RESID: string; name: string }[]; onValue?: (ids: string[]) => void }) {
  const [ids, setIds] = useState<string[]>(props.initial ?? []);
  return (
    <>
      <RecordingsField
        value={ids}
        knownFiles={props.known}
        onChange={(next) => {
          setIds(next);
          props.onValue?.(next);
        }}
      />
      <span data-testid="value">{ids.join(',')}</span>
    </>
  );
}

const itemNames = () => screen.queryAllByTestId('recordings-item').map((item) => item.querySelector('.campus-recorder-item-name')?.textContent);

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function press(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

describe('RecordingsField', () => {
  it('records from the microphone as audio/mp4 with a running timer, stops by itself at 10 minutes and uploads the recording', async () => {
    vi.useFakeTimers();
    installBrowser();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    expect(screen.getByTestId('recordings-hint')).toHaveTextContent('At most 3 recordings, each up to 10 minutes');

    await press('recordings-record');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    const [recorder] = FakeMediaRecorder.instances;
    expect(recorder.mimeType).toBe('audio/mp4');
    expect(recorder.state).toBe('recording');
    expect(screen.getByTestId('recordings-timer')).toHaveTextContent('Recording 00:00 / 10:00');
    expect(screen.getByTestId('recordings-stop')).toHaveTextContent('Stop');

    await advance(65_000);
    expect(screen.getByTestId('recordings-timer')).toHaveTextContent('01:05 / 10:00');
    await advance((RECORDING_MAX_SECONDS - 65) * 1000 - 1);
    expect(recorder.state).toBe('recording');
    expect(screen.getByTestId('recordings-timer')).toHaveTextContent('09:59 / 10:00');
    expect(uploadMock).not.toHaveBeenCalled();

    await advance(1);
    expect(recorder.stopCalls).toBe(1);
    expect(track.stop).toHaveBeenCalled();
    expect(uploadMock).toHaveBeenCalledTimes(1);
    const [path, parts] = uploadMock.mock.calls[0] as [string, UploadParts];
    expect(path).toBe('/api/files/upload');
    expect(parts.fields).toEqual({ purpose: 'recording' });
    const file = parts.files[0] as File;
    expect(file.name).toBe('recording-1.m4a');
    expect(file.type).toBe('audio/mp4');
    expect(file.size).toBeGreaterThan(0);
    expect(onValue).toHaveBeenLastCalledWith(['r1']);
    expect(itemNames()).toEqual(['recording-1.m4a']);
    // The new recording plays from its own bytes, not downloaded again.
    expect(screen.getByTestId('recordings-audio')).toHaveAttribute('src', 'blob:test/1');
    expect(downloadMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('recordings-timer')).toBeNull();
    expect(screen.getByTestId('recordings-record')).toBeEnabled();
  });

  it('stops on the Stop button, lists stored recordings with a player, and refuses a fourth', async () => {
    installBrowser();
    render(<Harness initial={['a', 'b']} known={[{ RESID: 'a', name: 'intro.m4a' }]} />);
    expect(itemNames()).toEqual(['intro.m4a', 'b']);
    // Stored recordings are downloaded with the token and played from an object URL.
    await waitFor(() => expect(screen.getAllByTestId('recordings-audio')).toHaveLength(2));
    expect(downloadMock.mock.calls.map((call) => call[0])).toEqual(['/file/download/a', '/file/download/b']);

    await press('recordings-record');
    await press('recordings-stop');
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('a,b,r1'));
    expect((uploadMock.mock.calls[0][1] as UploadParts).files[0]).toHaveProperty('name', 'recording-3.m4a');
    expect(track.stop).toHaveBeenCalled();
    expect(itemNames()).toEqual(['intro.m4a', 'b', 'recording-3.m4a']);

    expect(screen.getByTestId('recordings-record')).toBeDisabled();
    expect(screen.getByTestId('recordings-hint')).toHaveTextContent('At most 3 recordings');
    fireEvent.click(screen.getByTestId('recordings-record'));
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(FakeMediaRecorder.instances).toHaveLength(1);
  });

  it('removes a recording from the value, which frees a place', async () => {
    installBrowser();
    const onValue = vi.fn();
    render(<Harness initial={['a', 'b', 'c']} onValue={onValue} />);
    expect(screen.getByTestId('recordings-record')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove b' }));
    expect(onValue).toHaveBeenLastCalledWith(['a', 'c']);
    expect(itemNames()).toEqual(['a', 'c']);
    expect(screen.getByTestId('recordings-record')).toBeEnabled();
  });

  it('says the browser cannot record, and offers the file chooser for MP3/M4A instead', async () => {
    installBrowser({ recorder: false });
    render(<Harness />);
    expect(screen.getByTestId('recordings-unsupported')).toHaveTextContent('Your Browser Does Not Support This Function');
    expect(screen.queryByTestId('recordings-record')).toBeNull();
    const input = screen.getByTestId('recordings-file').querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.mp3,.m4a');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x49, 0x44, 0x33, 4])], 'song.mp3', { type: 'audio/mpeg' })] } });
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('r1'));
    expect((uploadMock.mock.calls[0][1] as UploadParts).fields).toEqual({ purpose: 'recording' });
    expect(itemNames()).toEqual(['song.mp3']);

    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByTestId('recordings-unsupported')).toHaveTextContent('您的浏览器不支持此功能');
  });

  it('counts a browser that cannot record MP4 audio as unable to record', () => {
    FakeMediaRecorder.isTypeSupported.mockReturnValueOnce(false);
    installBrowser();
    render(<Harness />);
    expect(FakeMediaRecorder.isTypeSupported).toHaveBeenCalledWith('audio/mp4');
    expect(screen.getByTestId('recordings-unsupported')).toBeInTheDocument();
  });

  it('says so when the microphone is refused, and offers the chooser', async () => {
    installBrowser();
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    render(<Harness />);
    await press('recordings-record');
    expect(screen.getByTestId('recordings-unsupported')).toHaveTextContent('Your Browser Does Not Support This Function');
    expect(screen.getByTestId('recordings-file')).toBeInTheDocument();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });

  it('keeps a recording whose upload failed, to be sent again or discarded', async () => {
    installBrowser();
    uploadMock.mockRejectedValueOnce(new Error('File upload failed'));
    render(<Harness />);
    await press('recordings-record');
    await press('recordings-stop');
    await waitFor(() => expect(screen.getByTestId('recordings-unsaved')).toHaveTextContent('The recording recording-1.m4a was not saved'));
    expect(screen.getByTestId('recordings-record')).toBeDisabled();
    await press('recordings-retry');
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('r1'));
    expect(uploadMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('recordings-unsaved')).toBeNull();
  });

  it('releases the microphone and uploads nothing when the form goes away while recording', async () => {
    vi.useFakeTimers();
    installBrowser();
    const { unmount } = render(<Harness />);
    await press('recordings-record');
    const [recorder] = FakeMediaRecorder.instances;
    unmount();
    expect(recorder.state).toBe('inactive');
    expect(track.stop).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RECORDING_MAX_SECONDS * 1000);
    expect(uploadMock).not.toHaveBeenCalled();
  });
});
