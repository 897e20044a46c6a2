export { MessagePane, type MessagePaneProps, type PaneFilter } from './MessagePane.tsx';
export { useMessageReader, messageWindow, asRead } from './useMessageReader.tsx';
