import { message as staticMessage, type ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

export type ModalKind = 'warning' | 'confirm' | 'info' | 'error';
export type ModalFunctions = Record<ModalKind, (config: ModalFuncProps) => void>;

/**
 * Messages and modals for code outside React (the request client). The App component registers the
 * context-aware instances; before that the static functions are used.
 */
export interface Feedback {
  message: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info'>;
  modal: ModalFunctions;
}

/**
 * Modal functions usable at once while the modal code is not loaded yet: the first call asks `load` for
 * the real functions (handed over through `attach`) and the calls made meanwhile open in order. Modals
 * only show after sign-in (session expiry), so the first download does without them.
 */
export function deferredModal(load: () => Promise<void>): ModalFunctions & { attach(real: ModalFunctions): void } {
  let real: ModalFunctions | null = null;
  let loading = false;
  const queued: [ModalKind, ModalFuncProps][] = [];
  const call = (kind: ModalKind) => (config: ModalFuncProps) => {
    if (real) return void real[kind](config);
    queued.push([kind, config]);
    if (loading) return;
    loading = true;
    // A failed load (network) is tried again by the next call.
    load().catch(() => {
      loading = false;
    });
  };
  return {
    warning: call('warning'),
    confirm: call('confirm'),
    info: call('info'),
    error: call('error'),
    attach(next) {
      real = next;
      for (const [kind, config] of queued.splice(0)) next[kind](config);
    },
  };
}

const staticModal = deferredModal(async () => staticModal.attach((await import('./modalHost.tsx')).Modal));

let current: Feedback = { message: staticMessage, modal: staticModal };

export function setFeedback(feedback: Feedback): void {
  current = feedback;
}

export function feedback(): Feedback {
  return current;
}
