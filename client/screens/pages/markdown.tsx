import type { ReactNode } from 'react';
import { FictionalMark } from '../../components/fictional-mark';
import { Link } from '../../navigation';

// The page texts' small markdown: '## ' and '### ' headings, '- ' list items, paragraphs split by blank lines,
// **bold** and [label](target) inline. {{name}} placeholders are filled inside text nodes only, after the structure
// is parsed, so a value can never add markup; React escapes what it renders. Link targets are the site's own paths,
// mailto: and tel: (the brand's support addresses), nothing else.

type Values = Record<string, string>;

/** Links in the brand's dark colour: the light primary on white does not reach a 4.5:1 contrast for every brand. */
export const LINK = 'text-secondary underline underline-offset-2';

const fill = (text: string, values: Values) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** A run of text with `{{fictional_icon}}` drawn as the app's marker (icon and words), never as the tenant's emoji. */
function fillText(text: string, values: Values): ReactNode {
  const pieces = text.split('{{fictional_icon}}');
  if (pieces.length === 1) return fill(text, values);
  return pieces.flatMap((piece, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of a fixed text, never reordered
    i === 0 ? [fill(piece, values)] : [<FictionalMark key={i} />, fill(piece, values)],
  );
}

function safeHref(target: string): string | null {
  if (/^\/(?!\/)[\w\-./?=&#%]*$/.test(target)) return target;
  if (/^(mailto|tel):[^\s<>"]+$/.test(target)) return target;
  return null;
}

/** Bold and links inside one block of text. */
export function Inline({ text, values }: { text: string; values: Values }): ReactNode {
  const parts: ReactNode[] = [];
  const token = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    if (m.index > last) parts.push(fillText(text.slice(last, m.index), values));
    if (m[1] !== undefined) {
      parts.push(<strong key={parts.length}>{fill(m[1], values)}</strong>);
    } else {
      const href = safeHref(fill(m[3], values));
      const label = fill(m[2], values);
      if (!href) parts.push(label);
      else if (href.startsWith('/'))
        parts.push(
          <Link key={parts.length} href={href} className={LINK}>
            {label}
          </Link>,
        );
      else
        parts.push(
          <a key={parts.length} href={href} className={LINK}>
            {label}
          </a>,
        );
    }
    last = token.lastIndex;
  }
  if (last < text.length) parts.push(fillText(text.slice(last), values));
  return <>{parts}</>;
}

type Block = { kind: 'h2' | 'h3' | 'p'; text: string } | { kind: 'ul'; items: string[] };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join(' ') });
      paragraph = [];
    };
    for (const line of lines) {
      if (line.startsWith('### ')) {
        flush();
        blocks.push({ kind: 'h3', text: line.slice(4) });
      } else if (line.startsWith('## ')) {
        flush();
        blocks.push({ kind: 'h2', text: line.slice(3) });
      } else if (line.startsWith('- ')) {
        flush();
        const prev = blocks[blocks.length - 1];
        if (prev?.kind === 'ul') prev.items.push(line.slice(2));
        else blocks.push({ kind: 'ul', items: [line.slice(2)] });
      } else {
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}

/**
 * Renders a page text. Headings keep their look ('##' larger than '###'), but their level follows the page: a text
 * with only '###' headings (the FAQ's questions) gets h2s, so no level is skipped under the page's h1.
 */
export function Markdown({ source, values }: { source: string; values: Values }) {
  const blocks = parseBlocks(source);
  const subLevel = blocks.some((block) => block.kind === 'h2') ? 'h3' : 'h2';
  return (
    <>
      {blocks.map((block, i) => {
        if (block.kind === 'ul') {
          return (
            <ul
              // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a fixed text, never reordered
              key={i}
              className="my-3 pl-6 leading-relaxed"
            >
              {block.items.map((item, j) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a fixed text, never reordered
                  key={j}
                  className="mb-1"
                >
                  <Inline text={item} values={values} />
                </li>
              ))}
            </ul>
          );
        }
        if (block.kind === 'h2' || block.kind === 'h3') {
          const Heading = block.kind === 'h2' ? 'h2' : subLevel;
          return (
            <Heading
              // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a fixed text, never reordered
              key={i}
              className={
                block.kind === 'h2' ? 'mb-2 mt-8 text-xl font-bold text-gray-900' : 'mb-1 mt-5 text-lg font-semibold text-gray-900'
              }
            >
              <Inline text={block.text} values={values} />
            </Heading>
          );
        }
        return (
          <p
            // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a fixed text, never reordered
            key={i}
            className="my-3 leading-relaxed text-gray-800"
          >
            <Inline text={block.text} values={values} />
          </p>
        );
      })}
    </>
  );
}
