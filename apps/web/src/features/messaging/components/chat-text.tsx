import { Fragment } from 'react';

/** http(s) links and @mentions in a member's words; everything else stays plain text. */
const TOKEN = /(https?:\/\/[^\s<>"']{1,300})|(@[\p{L}\p{N}_]{2,30})/gu;

export type ChatTextPart = { kind: 'text' | 'link' | 'mention'; value: string };

/** Splits a message into text, links and mentions. Only http and https become links. */
export function chatTextParts(text: string): ChatTextPart[] {
  const parts: ChatTextPart[] = [];
  const push = (part: ChatTextPart) => {
    const previous = parts.at(-1);
    if (part.kind === 'text' && previous?.kind === 'text') previous.value += part.value;
    else parts.push(part);
  };
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    if (start > last) push({ kind: 'text', value: text.slice(last, start) });
    // A sentence's closing punctuation is not part of the link.
    const raw = match[0];
    const trimmed = match[1] ? raw.replace(/[.,!?;:)]+$/u, '') : raw;
    push({ kind: match[1] ? 'link' : 'mention', value: trimmed });
    if (trimmed.length < raw.length) push({ kind: 'text', value: raw.slice(trimmed.length) });
    last = start + raw.length;
  }
  if (last < text.length) push({ kind: 'text', value: text.slice(last) });
  return parts;
}

/**
 * A member's message as React text nodes: never HTML (React escapes every string), links opened in a
 * new tab without the opener and marked as user content, mentions highlighted.
 */
export function ChatText({ text }: { text: string }) {
  return (
    <>
      {chatTextParts(text).map((part, index) => (
        <Fragment key={index}>
          {part.kind === 'link' ? (
            <a href={part.value} target="_blank" rel="noopener noreferrer nofollow ugc">
              {part.value}
            </a>
          ) : part.kind === 'mention' ? (
            <span className="chat-mention">{part.value}</span>
          ) : (
            part.value
          )}
        </Fragment>
      ))}
    </>
  );
}
