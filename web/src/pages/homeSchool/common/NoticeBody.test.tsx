import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { NoticeAttachments } from '@campus/contract';
import { NoticeBody, noticeTime } from './NoticeBody.tsx';

vi.setConfig({ testTimeout: 30_000 });
const requested: (string | null | undefined)[] = [];
let failing = false;
vi.mock('../../../hooks/useAuthorizedObjectUrl.ts', () => ({
  useAuthorizedObjectUrl: (path: string | null | undefined) => {
    requested.push(path);
    if (!path) return { url: null, loading: false, failed: false };
    return failing ? { url: null, loading: false, failed: true } : { url: `blob:${path}`, loading: false, failed: false };
  },
}));

const file = (id: string, name: string, mimeType: string) => ({ id, name, size: 3 * 1024 * 1024, mimeType });
const ATTACHMENTS: NoticeAttachments = {
  images: [file('i1', 'field.png', 'image/png'), file('i2', 'track.jpg', 'image/jpeg')],
  video: [file('v1', 'race.mp4', 'video/mp4')],
  documents: [file('d1', 'rules.pdf', 'application/pdf')],
  audio: [file('a1', 'anthem.mp3', 'audio/mpeg')],
};

beforeEach(() => {
  requested.length = 0;
  failing = false;
});

describe('NoticeBody', () => {
  it('shows the pictures at once and downloads a video only when asked to play it', () => {
    render(<NoticeBody content={'Line one\nLine two'} attachments={ATTACHMENTS} />);
    expect(screen.getByTestId('notice-content').textContent).toBe('Line one\nLine two');
    const pictures = screen.getAllByRole('img', { name: /field.png|track.jpg/ });
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual(['blob:/file/download/i1', 'blob:/file/download/i2']);
    expect(requested).not.toContain('/file/download/v1');
    expect(screen.getByText('rules.pdf')).toBeInTheDocument();
    expect(screen.getByText('3.0 MB')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('notice-play-video'));
    expect(screen.getByTestId('notice-video')).toHaveAttribute('src', 'blob:/file/download/v1');
    expect(screen.queryByTestId('notice-audio')).toBeNull();
  });

  it('offers another try when a recording cannot be loaded', () => {
    failing = true;
    render(<NoticeBody content="x" attachments={{ ...ATTACHMENTS, images: [], video: [] }} />);
    fireEvent.click(screen.getByTestId('notice-play-audio'));
    expect(screen.getByTestId('notice-play-audio')).toHaveTextContent('anthem.mp3');
    const before = requested.filter((path) => path === '/file/download/a1').length;
    failing = false;
    fireEvent.click(screen.getByTestId('notice-play-audio'));
    expect(requested.filter((path) => path === '/file/download/a1').length).toBeGreaterThan(before);
    expect(screen.getByTestId('notice-audio')).toBeInTheDocument();
  });

  it('writes the server time to the minute', () => {
    expect(noticeTime('2026-11-25 17:10:03')).toBe('2026-11-25 17:10');
    expect(noticeTime(null)).toBe('');
  });
});
