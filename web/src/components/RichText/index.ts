export { RichTextEditor, editorHtml, type RichTextEditorProps } from './RichTextEditor.tsx';
export { RichTextView, type RichTextViewProps } from './RichTextView.tsx';
