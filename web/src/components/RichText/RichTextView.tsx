import './richText.css';

export interface RichTextViewProps {
  /** HTML as the server stored it, already cleaned by server/src/platform/richText.ts. */
  html: string;
  className?: string;
  'data-testid'?: string;
}

/** Rich text as readers see it, with the same typography as the editor. */
export function RichTextView({ html, className, 'data-testid': testId = 'rich-text-view' }: RichTextViewProps) {
  return (
    <div
      className={className ? `campus-rich-text-content campus-rich-text-view ${className}` : 'campus-rich-text-content campus-rich-text-view'}
      data-testid={testId}
      // Safe only because every rich text is cleaned on the server before it is stored (cleanRichText:
      // an allowlist of the editor's markup, no scripts, handlers or foreign URL schemes); never pass
      // HTML that did not come back from the server.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export default RichTextView;
