import { lazyPart } from '../../../components/lazy-part';
import type { RichTextEditorProps } from './rich-text-editor';

/**
 * The rich-text editor as a part loaded on first show (tiptap and ProseMirror are a chunk of their own):
 * the console's list and preview pages never load it, the editor page loads it with its first text area.
 */
export const RichTextField = lazyPart<RichTextEditorProps>(
  async () => (await import('./rich-text-editor')).RichTextEditor,
);
