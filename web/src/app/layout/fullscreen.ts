import { feedback } from '../feedback.ts';
import { t } from '../../i18n/index.ts';

export function isFullscreenSupported(doc: Document = document): boolean {
  return !!doc.fullscreenEnabled && typeof doc.documentElement.requestFullscreen === 'function';
}

/** Toggles full screen; an unsupported browser gets the error of spec section 8. Returns false then. */
export function toggleFullscreen(doc: Document = document): boolean {
  if (!isFullscreenSupported(doc)) {
    feedback().message.error({ content: t('fullscreen.unsupported'), duration: 5 });
    return false;
  }
  if (doc.fullscreenElement) void doc.exitFullscreen().catch(() => undefined);
  else void doc.documentElement.requestFullscreen().catch(() => feedback().message.error({ content: t('fullscreen.unsupported'), duration: 5 }));
  return true;
}
