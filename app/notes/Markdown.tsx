import type { ReactNode } from 'react';
import type { Align, Block, Inline } from '../../src/notes/markdown';
import { isNoteId, type NoteId } from '../../src/notes/model-notes';

/**
 * Markdown blocks (src/notes/markdown.ts) as React elements. Text only ever becomes text nodes, so a
 * note cannot inject markup. Links: to another note (`wrht.md`, `docs/models/wrht.md`, in a link or
 * as inline code) open that note here; `#anchor` scrolls within the note; http(s) links open in a
 * new tab; any other target (a source file) is shown as its label only.
 */
export interface MarkdownLinks {
  openNote(id: NoteId, anchor?: string): void;
  /** Prefix of the note's heading ids, so they cannot clash with the page's. */
  idPrefix: string;
}

const NOTE_LINK = /^(?:\.{0,2}\/)*(?:docs\/models\/)?([a-z0-9-]+)\.md(?:#([\w-]+))?$/;

/** The note a link target or an inline code names, if any. */
export function noteTarget(href: string): { id: NoteId; anchor?: string } | null {
  const m = NOTE_LINK.exec(href.trim());
  return m && isNoteId(m[1]) ? { id: m[1], anchor: m[2] } : null;
}

const LINK = 'font-medium text-info underline decoration-info/60 underline-offset-2 hover:text-info';

function inlines(c: readonly Inline[], links: MarkdownLinks, key = ''): ReactNode[] {
  return c.map((i, k) => {
    const id = `${key}${k}`;
    switch (i.t) {
      case 'text':
        return i.s;
      case 'code': {
        const target = noteTarget(i.s);
        const code = (
          <code key={id} className="rounded bg-panel px-1 py-px font-mono text-[0.9em] text-text">
            {i.s}
          </code>
        );
        return target ? (
          <button
            key={id}
            type="button"
            className={LINK}
            onClick={() => links.openNote(target.id, target.anchor)}
            title="Open this note"
          >
            {code}
          </button>
        ) : (
          code
        );
      }
      case 'strong':
        return <strong key={id}>{inlines(i.c, links, `${id}.`)}</strong>;
      case 'em':
        return <em key={id}>{inlines(i.c, links, `${id}.`)}</em>;
      case 'link': {
        const label = inlines(i.c, links, `${id}.`);
        const target = noteTarget(i.href);
        if (target)
          return (
            <button
              key={id}
              type="button"
              className={LINK}
              onClick={() => links.openNote(target.id, target.anchor)}
            >
              {label}
            </button>
          );
        if (i.href.startsWith('#'))
          return (
            <a key={id} className={LINK} href={`#${links.idPrefix}${i.href.slice(1)}`}>
              {label}
            </a>
          );
        if (/^https?:\/\//.test(i.href))
          return (
            <a key={id} className={LINK} href={i.href} target="_blank" rel="noreferrer noopener">
              {label}
            </a>
          );
        return <span key={id}>{label}</span>;
      }
    }
  });
}

const HEADING_CLASS = [
  '',
  'text-2xl font-bold mt-1 mb-3',
  'text-xl font-bold mt-6 mb-2 border-b border-divider pb-1',
  'text-lg font-semibold mt-5 mb-2',
  'text-base font-semibold mt-4 mb-1',
  'text-base font-semibold mt-3 mb-1',
  'text-sm font-semibold mt-3 mb-1',
];

const alignClass = (a: Align) =>
  a === 'right' ? 'text-right' : a === 'center' ? 'text-center' : 'text-left';

function blocks(bs: readonly Block[], links: MarkdownLinks, key = ''): ReactNode[] {
  return bs.map((b, k) => {
    const id = `${key}${k}`;
    switch (b.t) {
      case 'heading': {
        const Tag = `h${Math.min(6, b.level + 1)}` as 'h2';
        return (
          <Tag key={id} id={`${links.idPrefix}${b.id}`} className={HEADING_CLASS[b.level]}>
            {inlines(b.c, links, `${id}.`)}
          </Tag>
        );
      }
      case 'para':
        return (
          <p key={id} className="my-2">
            {inlines(b.c, links, `${id}.`)}
          </p>
        );
      case 'list': {
        const items = b.items.map((item, j) => (
          <li key={j} className="my-1 [&>p]:my-0">
            {blocks(item, links, `${id}.${j}.`)}
          </li>
        ));
        return b.ordered ? (
          <ol key={id} start={b.start} className="my-2 list-decimal pl-6">
            {items}
          </ol>
        ) : (
          <ul key={id} className="my-2 list-disc pl-6">
            {items}
          </ul>
        );
      }
      case 'table':
        return (
          // Wide tables scroll sideways inside the note; the region is focusable for the keyboard.
          <div
            key={id}
            className="my-3 overflow-x-auto rounded border border-divider"
            tabIndex={0}
            role="group"
            aria-label="Table, scrolls sideways"
          >
            <table className="min-w-full border-collapse text-sm">
              <thead className="bg-panel">
                <tr>
                  {b.head.map((c, j) => (
                    <th
                      key={j}
                      scope="col"
                      className={`border-b border-border px-2 py-1 align-bottom font-semibold ${alignClass(b.align[j])}`}
                    >
                      {inlines(c, links, `${id}.h${j}.`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {b.rows.map((row, r) => (
                  <tr key={r} className="border-t border-divider align-top even:bg-panel">
                    {row.map((c, j) => (
                      <td key={j} className={`px-2 py-1 ${alignClass(b.align[j])}`}>
                        {inlines(c, links, `${id}.${r}.${j}.`)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      case 'code':
        return (
          <pre
            key={id}
            className="my-3 overflow-x-auto rounded bg-panel p-2 font-mono text-sm text-text"
            tabIndex={0}
          >
            <code>{b.s}</code>
          </pre>
        );
      case 'quote':
        return (
          <blockquote key={id} className="my-2 border-l-4 border-border pl-3 text-text">
            {blocks(b.c, links, `${id}.`)}
          </blockquote>
        );
      case 'rule':
        return <hr key={id} className="my-4 border-border" />;
    }
  });
}

/** A note's blocks as readable HTML. Headings are shifted one level down (the dialog has the h1). */
export function Markdown({ blocks: bs, links }: { blocks: readonly Block[]; links: MarkdownLinks }) {
  return <div className="leading-relaxed text-text">{blocks(bs, links)}</div>;
}
