export { RecordingsField, canRecordAudio, formatDuration, RECORDING_MIME_TYPE, type RecordingsFieldProps } from './RecordingsField.tsx';
