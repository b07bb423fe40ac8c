import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { checkFileForPurpose, fileAccept } from '@uplus/shared';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { errorMessage, HttpError } from '../../../api/http';
import '../rich-content.css';
import { uploadContentImage } from './api';
import { contentImageUrl } from './console-model';
import './rich-text-editor.css';

/*
 * The content console's rich-text editor (issue 15), on tiptap: headings, bold, italic, lists, quotes,
 * code blocks, links and pictures (uploaded with purpose contentImage and inserted by their stable public
 * address /api/portal/images/{id}), undo/redo. The text area is styled as visitors see the body
 * (.rich-content). Loaded on its own chunk (rich-text-field.tsx) so pages without an editor stay light.
 * The server sanitizes the HTML on save; this editor only produces the tags its toolbar offers.
 */

export type RichTextEditorProps = {
  /** the HTML body ('' for none; a Form.Item passes it) */
  value?: string;
  /** called with the new HTML ('' when the text is empty) */
  onChange?: (html: string) => void;
  /** the accessible name of the text area (the field's label) */
  label: string;
  /** the text area's id (a Form.Item's) */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  /** a smaller text area (a section's or a step's body) */
  compact?: boolean;
  /** told when a picture upload starts and ends (the form holds its save buttons meanwhile) */
  onBusyChange?: (busy: boolean) => void;
};

/** Accepted link addresses: web pages, mail, and the site's own paths. */
export const isLinkAddress = (value: string) => /^(https?:\/\/\S+|mailto:\S+|\/\S*)$/i.test(value.trim());

/**
 * The HTML to save: without the empty paragraphs the editor keeps at the end (tiptap's trailing node, so
 * that one can type after a heading or a code block), which would show as blank space on the page.
 */
export const bodyHtml = (html: string) => html.replace(/(?:<p><\/p>)+$/, '');

type ToolState = {
  h2: boolean;
  h3: boolean;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  codeBlock: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

const readTools = (editor: Editor | null): ToolState => ({
  h2: !!editor?.isActive('heading', { level: 2 }),
  h3: !!editor?.isActive('heading', { level: 3 }),
  bold: !!editor?.isActive('bold'),
  italic: !!editor?.isActive('italic'),
  bulletList: !!editor?.isActive('bulletList'),
  orderedList: !!editor?.isActive('orderedList'),
  blockquote: !!editor?.isActive('blockquote'),
  codeBlock: !!editor?.isActive('codeBlock'),
  link: !!editor?.isActive('link'),
  canUndo: !!editor?.can().undo(),
  canRedo: !!editor?.can().redo(),
});

type Tool = {
  key: string;
  label: string;
  icon: ReactNode;
  /** a toggle shows whether it is on (aria-pressed); a plain command does not */
  pressed?: boolean;
  enabled?: boolean;
  run: () => void;
};

/** One button of the toolbar (roving focus: only the current one is in the tab order). */
function ToolButton({ tool, current, onFocus }: { tool: Tool; current: boolean; onFocus: () => void }) {
  const enabled = tool.enabled ?? true;
  return (
    <button
      type="button"
      className={`rte-tool${tool.pressed ? ' is-on' : ''}`}
      aria-label={tool.label}
      title={tool.label}
      aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
      aria-disabled={enabled ? undefined : true}
      tabIndex={current ? 0 : -1}
      onFocus={onFocus}
      // keep the editor's selection: the click must not move focus away before the command runs
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => enabled && tool.run()}
      data-testid={`rte-${tool.key}`}
    >
      {tool.icon}
    </button>
  );
}

type Upload = { name: string; percent: number; controller: AbortController };

/** The rich-text editor: a toolbar over a text area, with a link form and picture uploads in place. */
export function RichTextEditor({
  value,
  onChange,
  label,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  compact = false,
  onBusyChange,
}: RichTextEditorProps) {
  const baseId = useId();
  const statusId = `${baseId}-status`;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // the HTML last sent out or set in: a value coming back unchanged is not set again (that would move the caret)
  const lastHtml = useRef(value ?? '');

  const extensions = useMemo(
    () => [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    [],
  );

  const editor = useEditor({
    extensions,
    content: value ?? '',
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: `rich-content rte-content${compact ? ' rte-content--compact' : ''}`,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : bodyHtml(e.getHTML());
      lastHtml.current = html;
      onChangeRef.current?.(html);
    },
  });

  // a value set from outside (the form loading a row, a reset) replaces the text without an update event
  useEffect(() => {
    const next = value ?? '';
    if (!editor || next === lastHtml.current) return;
    lastHtml.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  // the field's id, error and description follow the form
  useEffect(() => {
    if (!editor) return;
    const attributes: Record<string, string> = {
      class: `rich-content rte-content${compact ? ' rte-content--compact' : ''}`,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': label,
    };
    if (id) attributes.id = id;
    const described = [describedBy, statusId].filter(Boolean).join(' ');
    if (described) attributes['aria-describedby'] = described;
    if (invalid === true || invalid === 'true') attributes['aria-invalid'] = 'true';
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes } });
  }, [editor, id, describedBy, invalid, label, compact, statusId]);

  const tools = useEditorState({ editor, selector: ({ editor: e }) => readTools(e) }) ?? readTools(null);

  // the link form
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const linkInput = useRef<HTMLInputElement>(null);
  const openLink = () => {
    if (!editor) return;
    setHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkError(null);
    setLinking(true);
    setTimeout(() => linkInput.current?.focus(), 0);
  };
  const closeLink = () => {
    setLinking(false);
    editor?.commands.focus();
  };
  const applyLink = () => {
    if (!editor) return;
    const address = href.trim();
    if (!address) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLinking(false);
      return;
    }
    if (!isLinkAddress(address)) {
      setLinkError('请输入以 http://、https:// 或 / 开头的链接地址');
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // nothing selected: the address itself becomes the linked text
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run();
    }
    setLinking(false);
  };
  const onLinkKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeLink();
      return;
    }
    // the Enter that ends an IME composition only picks the characters
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    applyLink();
  };

  // picture uploads
  const fileInput = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploadRef = useRef<Upload | null>(null);
  uploadRef.current = upload;
  useEffect(() => () => uploadRef.current?.controller.abort(), []);
  const onBusyRef = useRef(onBusyChange);
  onBusyRef.current = onBusyChange;
  const busy = upload !== null;
  useEffect(() => {
    onBusyRef.current?.(busy);
  }, [busy]);

  const insertPicture = (file: File) => {
    if (!editor) return;
    const refusal = checkFileForPurpose('contentImage', file);
    if (refusal) {
      setUploadError(refusal);
      return;
    }
    setUploadError(null);
    const controller = new AbortController();
    setUpload({ name: file.name, percent: 0, controller });
    uploadContentImage(
      file,
      (progress) =>
        setUpload((current) =>
          current?.controller === controller ? { ...current, percent: progress.percent } : current,
        ),
      controller.signal,
    )
      .then((uploaded) => {
        setUpload(null);
        const alt = file.name.replace(/\.[^.]+$/, '');
        editor
          .chain()
          .focus()
          .setImage({ src: contentImageUrl(uploaded.id), alt })
          .run();
      })
      .catch((failure: unknown) => {
        setUpload(null);
        if (failure instanceof HttpError && failure.kind === 'cancelled') return;
        setUploadError(errorMessage(failure));
      });
  };

  const toolList: Tool[] = editor
    ? [
        {
          key: 'h2',
          // the glyph H2 is visible text: it belongs in the name too (WCAG 2.5.3 label in name)
          label: '标题 H2',
          icon: (
            <span className="rte-glyph" aria-hidden>
              H2
            </span>
          ),
          pressed: tools.h2,
          run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
        },
        {
          key: 'h3',
          label: '小标题 H3',
          icon: (
            <span className="rte-glyph" aria-hidden>
              H3
            </span>
          ),
          pressed: tools.h3,
          run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
        },
        {
          key: 'bold',
          label: '加粗',
          icon: <BoldOutlined aria-hidden />,
          pressed: tools.bold,
          run: () => editor.chain().focus().toggleBold().run(),
        },
        {
          key: 'italic',
          label: '斜体',
          icon: <ItalicOutlined aria-hidden />,
          pressed: tools.italic,
          run: () => editor.chain().focus().toggleItalic().run(),
        },
        {
          key: 'bulletList',
          label: '无序列表',
          icon: <UnorderedListOutlined aria-hidden />,
          pressed: tools.bulletList,
          run: () => editor.chain().focus().toggleBulletList().run(),
        },
        {
          key: 'orderedList',
          label: '有序列表',
          icon: <OrderedListOutlined aria-hidden />,
          pressed: tools.orderedList,
          run: () => editor.chain().focus().toggleOrderedList().run(),
        },
        {
          key: 'blockquote',
          label: '引用',
          icon: (
            <span className="rte-glyph" aria-hidden>
              “”
            </span>
          ),
          pressed: tools.blockquote,
          run: () => editor.chain().focus().toggleBlockquote().run(),
        },
        {
          key: 'codeBlock',
          label: '代码块',
          icon: <CodeOutlined aria-hidden />,
          pressed: tools.codeBlock,
          run: () => editor.chain().focus().toggleCodeBlock().run(),
        },
        {
          key: 'link',
          label: '链接',
          icon: <LinkOutlined aria-hidden />,
          pressed: tools.link,
          run: openLink,
        },
        {
          key: 'image',
          label: '上传图片',
          icon: <PictureOutlined aria-hidden />,
          enabled: !busy,
          run: () => fileInput.current?.click(),
        },
        {
          key: 'undo',
          label: '撤销',
          icon: <UndoOutlined aria-hidden />,
          enabled: tools.canUndo,
          run: () => editor.chain().focus().undo().run(),
        },
        {
          key: 'redo',
          label: '重做',
          icon: <RedoOutlined aria-hidden />,
          enabled: tools.canRedo,
          run: () => editor.chain().focus().redo().run(),
        },
      ]
    : [];

  // roving focus in the toolbar: arrows, Home and End move between the buttons
  const [current, setCurrent] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
    if (!keys.includes(event.key) || toolList.length === 0) return;
    event.preventDefault();
    const last = toolList.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowLeft'
            ? current <= 0
              ? last
              : current - 1
            : current >= last
              ? 0
              : current + 1;
    setCurrent(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('.rte-tool')[next]?.focus();
  };

  return (
    <div className={`rte${invalid === true || invalid === 'true' ? ' is-invalid' : ''}`} data-testid="rte">
      <div
        ref={toolbar}
        className="rte-toolbar"
        role="toolbar"
        aria-label={`${label}格式`}
        onKeyDown={onToolbarKey}
      >
        {toolList.map((tool, index) => (
          <ToolButton
            key={tool.key}
            tool={tool}
            current={index === current}
            onFocus={() => setCurrent(index)}
          />
        ))}
        <input
          ref={fileInput}
          type="file"
          className="rte-file"
          accept={fileAccept('contentImage')}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) insertPicture(file);
          }}
          data-testid="rte-file"
        />
      </div>

      {linking && (
        <div className="rte-link" data-testid="rte-link-form">
          <label htmlFor={`${baseId}-href`}>链接地址</label>
          <input
            ref={linkInput}
            id={`${baseId}-href`}
            className="rte-link-input"
            type="url"
            value={href}
            placeholder="https://"
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? `${baseId}-href-error` : undefined}
            onChange={(event) => {
              setHref(event.target.value);
              setLinkError(null);
            }}
            onKeyDown={onLinkKey}
            data-testid="rte-link-input"
          />
          <button type="button" className="rte-link-button is-primary" onClick={applyLink}>
            确定
          </button>
          {tools.link && (
            <button
              type="button"
              className="rte-link-button"
              onClick={() => {
                editor?.chain().focus().extendMarkRange('link').unsetLink().run();
                setLinking(false);
              }}
            >
              移除链接
            </button>
          )}
          <button type="button" className="rte-link-button" onClick={closeLink}>
            取消
          </button>
          {linkError && (
            <span id={`${baseId}-href-error`} className="rte-error" role="alert">
              {linkError}
            </span>
          )}
        </div>
      )}

      <EditorContent editor={editor} className="rte-body" />

      <div id={statusId} className="rte-status">
        {upload && (
          <span aria-live="polite">
            正在上传图片 {upload.name}：{upload.percent}%
            <button type="button" className="rte-link-button" onClick={() => upload.controller.abort()}>
              取消上传
            </button>
          </span>
        )}
        {uploadError && (
          <span className="rte-error" role="alert">
            {uploadError}
          </span>
        )}
      </div>
    </div>
  );
}
