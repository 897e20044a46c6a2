import { message as staticMessage, Modal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';

/**
 * Messages and modals for code outside React (the request client). The App component registers the
 * context-aware instances from antd's App.useApp(); before that the static functions are used.
 */
export interface Feedback {
  message: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info'>;
  modal: Pick<ModalStaticFunctions, 'warning' | 'confirm' | 'info' | 'error'>;
}

let current: Feedback = { message: staticMessage, modal: Modal };

export function setFeedback(feedback: Feedback): void {
  current = feedback;
}

export function feedback(): Feedback {
  return current;
}
