import { CloseOutlined } from '@ant-design/icons';
import { type ChatType, STUDENT_PROMPT_GROUPS } from '@uplus/shared';
import { useId, useState } from 'react';
import { chatTypeLabel } from '../assistant-model';

/*
 * The student prompt groups of spec 2.15 (知识答疑, 项目设计, 编程助手): each opens its chips; a chip sets
 * the chat type of the next questions (shown as a tag; its × goes back to free questions, studentQa).
 */
export function ChatTypePicker({ value, onChange }: { value: ChatType; onChange: (type: ChatType) => void }) {
  const [open, setOpen] = useState<string | null>(null);
  const chipsId = useId();
  const group = STUDENT_PROMPT_GROUPS.find((g) => g.key === open);
  return (
    <div className="chat-types" data-testid="chat-types">
      <fieldset className="chat-types__groups">
        <legend className="assistant-sr-only">提问方式</legend>
        {STUDENT_PROMPT_GROUPS.map((g) => (
          <button
            key={g.key}
            type="button"
            className={`chat-types__group${open === g.key ? ' is-open' : ''}${
              (g.chatTypes as readonly ChatType[]).includes(value) ? ' is-current' : ''
            }`}
            aria-expanded={open === g.key}
            aria-controls={chipsId}
            title={g.description}
            onClick={() => setOpen(open === g.key ? null : g.key)}
            data-testid={`chat-group-${g.key}`}
          >
            {g.title}
          </button>
        ))}
        {value !== 'studentQa' && (
          <span className="chat-types__current" data-testid="chat-type-current">
            {chatTypeLabel(value)}
            <button
              type="button"
              aria-label={`取消「${chatTypeLabel(value)}」，改为自由提问`}
              onClick={() => onChange('studentQa')}
            >
              <CloseOutlined aria-hidden />
            </button>
          </span>
        )}
      </fieldset>
      <div id={chipsId} hidden={!group}>
        {group && (
          <ul className="chat-types__chips" aria-label={group.title}>
            {group.chatTypes.map((type) => (
              <li key={type}>
                <button
                  type="button"
                  className={`chat-chip${value === type ? ' is-on' : ''}`}
                  aria-pressed={value === type}
                  onClick={() => {
                    onChange(value === type ? 'studentQa' : type);
                    setOpen(null);
                  }}
                  data-testid={`chat-type-${type}`}
                >
                  {chatTypeLabel(type)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
