import { useEffect } from 'react';
import { Modal } from 'antd';
import type { ModalFunctions } from './feedback.ts';

export { Modal };

/** Mounts antd's modal holder inside the app's providers (theme, locale) and hands its functions over. */
export function ModalHolder({ onReady }: { onReady: (modal: ModalFunctions) => void }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => onReady(modal), [modal, onReady]);
  return holder;
}
