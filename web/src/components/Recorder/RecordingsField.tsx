import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import Icon, { AudioOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatByteLimit, kindLabels, precheckFile, RECORDING_MAX_SECONDS, UPLOAD_PURPOSES } from '@campus/contract';
import { ERROR_DURATION_SECONDS, upload } from '../../api/client.ts';
import { fileDownloadPath } from '../../api/homeSchool.ts';
import { feedback } from '../../app/feedback.ts';
import { useAuthorizedObjectUrl } from '../../hooks/useAuthorizedObjectUrl.ts';
import { FileUpload, UPLOAD_PATH, type UploadedFile } from '../FileUpload/index.ts';
import './recorder.css';

const PURPOSE = 'recording';
/**
 * The server takes recordings as MP3 or M4A only. Browsers that record 'audio/mp4' write an ISO file of
 * sound tracks (Chromium: Opus, Safari: AAC), which the server's detection accepts as M4A by its tracks
 * (server/src/modules/shared/files/detect.ts); other containers (WebM, Ogg) would be refused.
 */
export const RECORDING_MIME_TYPE = 'audio/mp4';

export interface RecordingsFieldProps {
  /** The resource ids (RESID) of the recordings; uncontrolled when absent. */
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Names of recordings already in `value` (an item being edited); an unknown id shows as itself. */
  knownFiles?: readonly Pick<UploadedFile, 'RESID' | 'name'>[];
  /** Most recordings (default: the 'recording' upload purpose's 3). */
  max?: number;
  disabled?: boolean;
  'data-testid'?: string;
}

/** Whether this browser can record a file the server accepts (secure page, microphone API, MP4 audio). */
export function canRecordAudio(): boolean {
  if (typeof window === 'undefined' || typeof window.MediaRecorder !== 'function') return false;
  if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return false;
  return typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported(RECORDING_MIME_TYPE);
}

/** 0:05 → '00:05', 600 → '10:00'. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

function StopSvg() {
  return (
    <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <rect x="224" y="224" width="576" height="576" rx="64" />
    </svg>
  );
}

type Phase = 'idle' | 'starting' | 'recording' | 'saving';

/**
 * Recordings of an assignment or a submission (issue 13, spec: up to 3, each up to 10 minutes, stopped
 * by itself at 10 minutes): records from the microphone with MediaRecorder, uploads each recording as it
 * stops (purpose 'recording', through the request client like FileUpload) and lists them with a player.
 * Its value is the list of resource ids, saved by the caller with its own row; removing a recording only
 * takes it out of the value, as FileUpload does. Where the browser cannot record (or the microphone is
 * refused) it says so and offers the file chooser for recordings made elsewhere.
 */
export function RecordingsField({ value, onChange, knownFiles, max = UPLOAD_PURPOSES.recording.maxFiles, disabled, 'data-testid': testId = 'recordings' }: RecordingsFieldProps) {
  const { t } = useTranslation();
  const [innerIds, setInnerIds] = useState<string[]>([]);
  const ids = value ?? innerIds;
  // A recording may finish saving after other changes; each change builds on the latest ids.
  const latestIds = useRef(ids);
  latestIds.current = ids;
  const [names, setNames] = useState<Record<string, string>>({});
  // Recordings made here play from their own bytes instead of being downloaded again.
  const [localUrls, setLocalUrls] = useState<Record<string, string>>({});
  const localUrlsRef = useRef(localUrls);
  localUrlsRef.current = localUrls;
  const [supported] = useState(canRecordAudio);
  const [refused, setRefused] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [unsaved, setUnsaved] = useState<File | null>(null);

  const mounted = useRef(true);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; limit?: ReturnType<typeof setTimeout> }>({});
  const uploadRef = useRef<AbortController | null>(null);

  // A recording is saved by the closure of the render that started it: the caller's latest handler is used.
  const controlled = useRef(value !== undefined);
  controlled.current = value !== undefined;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const setIds = (next: string[]) => {
    latestIds.current = next;
    if (!controlled.current) setInnerIds(next);
    onChangeRef.current?.(next);
  };

  const clearTimers = () => {
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.limit);
    timers.current = {};
  };

  // The browser shows the microphone as in use until every track is stopped.
  const releaseMicrophone = () => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearInterval(timers.current.tick);
      clearTimeout(timers.current.limit);
      const recorder = recorderRef.current;
      recorderRef.current = null;
      if (recorder && recorder.state !== 'inactive') {
        // Leaving the form drops a recording in progress rather than uploading it behind the user's back.
        recorder.ondataavailable = null;
        recorder.onstop = null;
        recorder.stop();
      }
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
      uploadRef.current?.abort();
      Object.values(localUrlsRef.current).forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const save = async (file: File) => {
    const problem = precheckFile(PURPOSE, file);
    if (problem) {
      feedback().message.error({ content: t(problem.key, problem.params), duration: ERROR_DURATION_SECONDS, key: `recording-refused-${testId}` });
      setPhase('idle');
      return;
    }
    setUnsaved(null);
    setPhase('saving');
    const controller = new AbortController();
    uploadRef.current = controller;
    try {
      const [stored] = await upload<UploadedFile[]>(UPLOAD_PATH, { fields: { purpose: PURPOSE }, files: [file] }, { signal: controller.signal });
      if (!mounted.current || !stored?.RESID) return;
      setNames((known) => ({ ...known, [stored.RESID]: stored.name || file.name }));
      const url = URL.createObjectURL(file);
      setLocalUrls((known) => ({ ...known, [stored.RESID]: url }));
      setIds([...latestIds.current, stored.RESID]);
    } catch {
      // The request client has shown why; the recording is kept to be sent again.
      if (mounted.current && !controller.signal.aborted) setUnsaved(file);
    } finally {
      if (uploadRef.current === controller) uploadRef.current = null;
      if (mounted.current) setPhase('idle');
    }
  };

  const stop = () => {
    clearTimers();
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') {
      setPhase('saving');
      recorder.stop();
    }
  };

  const start = async () => {
    if (phase !== 'idle' || unsaved || latestIds.current.length >= max) return;
    setPhase('starting');
    let stream: MediaStream;
    let recorder: MediaRecorder;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      // Refused permission, no microphone, or a page the browser does not trust with one.
      if (mounted.current) {
        setRefused(true);
        setPhase('idle');
      }
      return;
    }
    if (!mounted.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    try {
      recorder = new MediaRecorder(stream, { mimeType: RECORDING_MIME_TYPE });
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      setRefused(true);
      setPhase('idle');
      return;
    }
    streamRef.current = stream;
    recorderRef.current = recorder;
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    // Also reached when the browser ends the recording itself (the microphone unplugged).
    recorder.onstop = () => {
      clearTimers();
      releaseMicrophone();
      recorderRef.current = null;
      if (!mounted.current) return;
      const file = new File(chunks, `recording-${latestIds.current.length + 1}.m4a`, { type: RECORDING_MIME_TYPE });
      void save(file);
    };
    recorder.start();
    const startedAt = Date.now();
    setElapsed(0);
    setPhase('recording');
    timers.current.tick = setInterval(() => setElapsed(Math.min(RECORDING_MAX_SECONDS, (Date.now() - startedAt) / 1000)), 250);
    timers.current.limit = setTimeout(stop, RECORDING_MAX_SECONDS * 1000);
  };

  const remove = (id: string) => {
    const url = localUrls[id];
    if (url) {
      URL.revokeObjectURL(url);
      setLocalUrls(({ [id]: _gone, ...rest }) => rest);
    }
    setIds(latestIds.current.filter((other) => other !== id));
  };

  const nameOf = (id: string) => names[id] ?? knownFiles?.find((file) => file.RESID === id)?.name ?? id;
  const full = ids.length >= max;
  const canRecord = supported && !refused;
  const busy = phase !== 'idle';
  const minutes = Math.round(RECORDING_MAX_SECONDS / 60);
  const rule = UPLOAD_PURPOSES.recording;

  return (
    <div className="campus-recorder" data-testid={testId}>
      {ids.length > 0 && (
        <ul className="campus-recorder-list" aria-label={t('recorder.list')}>
          {ids.map((id) => (
            <RecordingItem key={id} id={id} name={nameOf(id)} localUrl={localUrls[id]} disabled={disabled} onRemove={() => remove(id)} testId={testId} />
          ))}
        </ul>
      )}

      {unsaved && (
        <Alert
          type="error"
          showIcon
          className="campus-recorder-unsaved"
          title={t('recorder.saveFailed', { name: unsaved.name })}
          data-testid={`${testId}-unsaved`}
          action={
            <div className="campus-recorder-actions">
              <Button size="small" type="primary" onClick={() => void save(unsaved)} disabled={busy} data-testid={`${testId}-retry`}>
                {t('common.retry')}
              </Button>
              <Button size="small" onClick={() => setUnsaved(null)} disabled={busy} data-testid={`${testId}-discard`}>
                {t('recorder.discard')}
              </Button>
            </div>
          }
        />
      )}

      {canRecord ? (
        <div className="campus-recorder-controls">
          {phase === 'recording' ? (
            <>
              <span className="campus-recorder-live" role="timer" aria-live="off" data-testid={`${testId}-timer`}>
                <span className="campus-recorder-dot" aria-hidden="true" />
                {t('recorder.recording')} {formatDuration(elapsed)} / {formatDuration(RECORDING_MAX_SECONDS)}
              </span>
              <Button danger icon={<Icon component={StopSvg} />} onClick={stop} data-testid={`${testId}-stop`}>
                {t('recorder.stop')}
              </Button>
            </>
          ) : (
            <Button
              icon={<AudioOutlined />}
              loading={phase === 'starting' || phase === 'saving'}
              disabled={disabled || full || !!unsaved}
              onClick={() => void start()}
              data-testid={`${testId}-record`}
            >
              {phase === 'saving' ? t('recorder.saving') : phase === 'starting' ? t('recorder.starting') : t('recorder.record')}
            </Button>
          )}
        </div>
      ) : (
        <div className="campus-recorder-fallback">
          <Alert type="warning" showIcon title={t('recorder.unsupported')} className="campus-recorder-unsupported" data-testid={`${testId}-unsupported`} />
          {!full && (
            <>
              <Typography.Text type="secondary" className="campus-recorder-hint">
                {t('recorder.chooseInstead', { types: kindLabels(PURPOSE), limit: formatByteLimit(rule.maxBytes) })}
              </Typography.Text>
              {/* The list above shows the files with players; the chooser's own list only shows those on their way. */}
              <FileUpload
                purpose={PURPOSE}
                value={ids}
                onChange={setIds}
                onUploaded={(stored) => setNames((known) => ({ ...known, [stored.RESID]: stored.name }))}
                knownFiles={knownFiles}
                disabled={disabled}
                showHint={false}
                listStored={false}
                data-testid={`${testId}-file`}
              />
            </>
          )}
        </div>
      )}

      <Typography.Text type="secondary" className="campus-recorder-hint" data-testid={`${testId}-hint`}>
        {full || !canRecord ? t('recorder.full', { count: max }) : t('recorder.hint', { count: max, minutes })}
      </Typography.Text>
    </div>
  );
}

function RecordingItem({ id, name, localUrl, disabled, onRemove, testId }: { id: string; name: string; localUrl?: string; disabled?: boolean; onRemove: () => void; testId: string }) {
  const { t } = useTranslation();
  // Stored recordings are behind the token: downloaded by the request client into an object URL.
  const remote = useAuthorizedObjectUrl(localUrl ? null : fileDownloadPath({ id }));
  const url = localUrl ?? remote.url;
  return (
    <li className="campus-recorder-item" data-testid={`${testId}-item`}>
      <div className="campus-recorder-item-head">
        <AudioOutlined className="campus-recorder-item-icon" />
        <span className="campus-recorder-item-name" title={name}>
          {name}
        </span>
        {!disabled && <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('recorder.remove', { name })} onClick={onRemove} data-testid={`${testId}-remove`} />}
      </div>
      {url ? (
        <audio className="campus-recorder-audio" src={url} controls preload="metadata" aria-label={name} data-testid={`${testId}-audio`} />
      ) : (
        <Typography.Text type={remote.failed ? 'danger' : 'secondary'} className="campus-recorder-status">
          {remote.failed ? t('recorder.loadFailed', { name }) : t('recorder.loading', { name })}
        </Typography.Text>
      )}
    </li>
  );
}

export default RecordingsField;
