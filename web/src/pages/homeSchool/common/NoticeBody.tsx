import { useState } from 'react';
import { Button, Image, Skeleton, Typography } from 'antd';
import { AudioOutlined, FileTextOutlined, PictureOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NoticeAttachments, NoticeFile } from '@campus/contract';
import { download } from '../../../api/client.ts';
import { saveBlob } from '../../../api/exports.ts';
import { fileDownloadPath } from '../../../api/homeSchool.ts';
import { useAuthorizedObjectUrl } from '../../../hooks/useAuthorizedObjectUrl.ts';
import './homeSchool.css';

/**
 * A time of the notice calls: the server writes its local time ('2026-11-25 17:10:03'), shown to the
 * minute as it is, so every reader sees the school's clock whatever the device's time zone.
 */
export function noticeTime(value: string | null | undefined): string {
  return value ? value.replace('T', ' ').slice(0, 16) : '';
}

/** 1.2 MB, 340 KB: the size beside a file's name. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function attachmentCount(attachments: NoticeAttachments): number {
  return attachments.images.length + attachments.video.length + attachments.documents.length + attachments.audio.length;
}

function Thumbnail({ file }: { file: NoticeFile }) {
  const { url, failed } = useAuthorizedObjectUrl(fileDownloadPath(file));
  if (failed) {
    return (
      <div className="notice-thumb is-missing" title={file.name}>
        <PictureOutlined />
      </div>
    );
  }
  if (!url) return <Skeleton.Image active className="notice-thumb" />;
  return <Image src={url} alt={file.name} width={96} height={96} className="notice-thumb-img" rootClassName="notice-thumb" data-testid="notice-image" />;
}

/**
 * A video or a recording: its bytes come behind the token as a whole file (up to 150 MB), so nothing is
 * downloaded until the reader asks to play it. Each attempt is a fresh download (a failed one can be retried).
 */
function MediaFile({ file, kind }: { file: NoticeFile; kind: 'video' | 'audio' }) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => setAttempt((n) => n + 1);
  if (attempt === 0) return <PlayButton file={file} kind={kind} onClick={retry} />;
  return <MediaPlayer key={attempt} file={file} kind={kind} onRetry={retry} />;
}

function MediaPlayer({ file, kind, onRetry }: { file: NoticeFile; kind: 'video' | 'audio'; onRetry: () => void }) {
  const { url, loading, failed } = useAuthorizedObjectUrl(fileDownloadPath(file));
  if (!url) return <PlayButton file={file} kind={kind} loading={loading && !failed} failed={failed} onClick={onRetry} />;
  return kind === 'video' ? (
    <video className="notice-video" src={url} controls autoPlay playsInline data-testid="notice-video" />
  ) : (
    <audio className="notice-audio" src={url} controls autoPlay data-testid="notice-audio" />
  );
}

function PlayButton({ file, kind, loading, failed, onClick }: { file: NoticeFile; kind: 'video' | 'audio'; loading?: boolean; failed?: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      icon={kind === 'video' ? <VideoCameraOutlined /> : <AudioOutlined />}
      loading={loading}
      danger={failed}
      onClick={onClick}
      className="notice-file-button"
      data-testid={`notice-play-${kind}`}
    >
      <span className="notice-file-name">{failed ? t('noticeBody.loadFailed', { name: file.name }) : t('noticeBody.play', { name: file.name })}</span>
      <PlayCircleOutlined />
    </Button>
  );
}

function DocumentLink({ file }: { file: NoticeFile }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      saveBlob(await download(fileDownloadPath(file)), file.name);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" icon={<FileTextOutlined />} loading={busy} onClick={() => void save()} className="notice-document" data-testid="notice-document">
      <span className="notice-file-name">{file.name}</span>
      <Typography.Text type="secondary">{formatSize(file.size)}</Typography.Text>
    </Button>
  );
}

/** The text and attachments of a notice as its readers see them (My notices, and the publisher's view). */
export function NoticeBody({ content, attachments }: { content: string; attachments: NoticeAttachments }) {
  const { t } = useTranslation();
  const { images, video, documents, audio } = attachments;
  return (
    <div className="notice-body" data-testid="notice-body">
      <div className="notice-content" data-testid="notice-content">
        {content}
      </div>
      {images.length > 0 && (
        <section className="notice-attachments" aria-label={t('noticeBody.images')}>
          <div className="notice-attachments-title">{t('noticeBody.images')}</div>
          <div className="notice-thumbs">
            <Image.PreviewGroup>
              {images.map((file) => (
                <Thumbnail key={file.id} file={file} />
              ))}
            </Image.PreviewGroup>
          </div>
        </section>
      )}
      {video.length + audio.length > 0 && (
        <section className="notice-attachments" aria-label={t('noticeBody.media')}>
          <div className="notice-attachments-title">{t('noticeBody.media')}</div>
          {video.map((file) => (
            <MediaFile key={file.id} file={file} kind="video" />
          ))}
          {audio.map((file) => (
            <MediaFile key={file.id} file={file} kind="audio" />
          ))}
        </section>
      )}
      {documents.length > 0 && (
        <section className="notice-attachments" aria-label={t('noticeBody.documents')}>
          <div className="notice-attachments-title">{t('noticeBody.documents')}</div>
          {documents.map((file) => (
            <DocumentLink key={file.id} file={file} />
          ))}
        </section>
      )}
    </div>
  );
}
