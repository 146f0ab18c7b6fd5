import { describe, expect, it } from 'vitest';
import { inlineText, parseInline, parseMarkdown, slug, type Block, type Inline } from './markdown';

describe('inline Markdown', () => {
  it('code, strong, emphasis and links', () => {
    expect(parseInline('a `b*c*` **d** _e_ *f* [g](h.md)')).toEqual([
      { t: 'text', s: 'a ' },
      { t: 'code', s: 'b*c*' },
      { t: 'text', s: ' ' },
      { t: 'strong', c: [{ t: 'text', s: 'd' }] },
      { t: 'text', s: ' ' },
      { t: 'em', c: [{ t: 'text', s: 'e' }] },
      { t: 'text', s: ' ' },
      { t: 'em', c: [{ t: 'text', s: 'f' }] },
      { t: 'text', s: ' ' },
      { t: 'link', href: 'h.md', c: [{ t: 'text', s: 'g' }] },
    ]);
  });

  it('underscores inside words, lone stars and unmatched marks stay text', () => {
    for (const s of [
      'm_j subgroups and g_1',
      'max_link_load',
      'k* = 7 and k* again',
      '2 * 3',
      '[1] and [2]',
      'a `b',
    ])
      expect(parseInline(s), s).toEqual([{ t: 'text', s }]);
    expect(parseInline('**Stage 1** with m_1·m_2')).toEqual([
      { t: 'strong', c: [{ t: 'text', s: 'Stage 1' }] },
      { t: 'text', s: ' with m_1·m_2' },
    ]);
  });

  it('nesting, escapes, line breaks as spaces and double-backtick code', () => {
    const c = parseInline('*a **b** c*\\_x\\_ and\n``a`b``');
    expect(c[0]).toEqual({
      t: 'em',
      c: [
        { t: 'text', s: 'a ' },
        { t: 'strong', c: [{ t: 'text', s: 'b' }] },
        { t: 'text', s: ' c' },
      ],
    });
    expect(c[1]).toEqual({ t: 'text', s: '_x_ and ' });
    expect(c[2]).toEqual({ t: 'code', s: 'a`b' });
    expect(inlineText(parseInline('_Fiber-Optic Systems_); done'))).toBe('Fiber-Optic Systems); done');
  });
});

describe('block Markdown', () => {
  it('headings with anchors, paragraphs, rules and code', () => {
    const b = parseMarkdown(
      '# Title `x`\n\nOne\nline.\n\n---\n\n```sh\nnpm run cli\n  -- x\n```\n\n    L = 1\n    M = 2\n\n## Title x\n',
    );
    expect(b).toEqual([
      {
        t: 'heading',
        level: 1,
        id: 'title-x',
        c: [
          { t: 'text', s: 'Title ' },
          { t: 'code', s: 'x' },
        ],
      },
      { t: 'para', c: [{ t: 'text', s: 'One line.' }] },
      { t: 'rule' },
      { t: 'code', lang: 'sh', s: 'npm run cli\n  -- x' },
      { t: 'code', lang: '', s: 'L = 1\nM = 2' },
      { t: 'heading', level: 2, id: 'title-x-1', c: [{ t: 'text', s: 'Title x' }] },
    ]);
    expect(slug('Eq. 4 on a “bidirectional” ring (OpTree)')).toBe('eq-4-on-a-bidirectional-ring-optree');
  });

  it('tables: alignment, code with pipes, escaped pipes, missing cells', () => {
    const b = parseMarkdown(
      '| a | b | c |\n| :-- | --: | :-: |\n| `x|y` | 2 \\| 3 | **z** |\n| short |\n\nafter',
    );
    expect(b[0]).toEqual({
      t: 'table',
      align: ['left', 'right', 'center'],
      head: [[{ t: 'text', s: 'a' }], [{ t: 'text', s: 'b' }], [{ t: 'text', s: 'c' }]],
      rows: [
        [
          [{ t: 'code', s: 'x|y' }],
          [{ t: 'text', s: '2 | 3' }],
          [{ t: 'strong', c: [{ t: 'text', s: 'z' }] }],
        ],
        [[{ t: 'text', s: 'short' }], [], []],
      ],
    });
    expect(b[1]).toEqual({ t: 'para', c: [{ t: 'text', s: 'after' }] });
  });

  it('lists: nested bullets, numbered items with continuation lines, a paragraph after', () => {
    const md = [
      '1. **Slots.** first',
      '   continued.',
      '2. **Hosts.** second',
      '',
      '- top',
      '  - _inner_ one',
      '    more of it',
      '  - inner two',
      '- next',
      'lazy line',
      '',
      'Para.',
    ].join('\n');
    const [num, bullets, para] = parseMarkdown(md) as [
      Extract<Block, { t: 'list' }>,
      Extract<Block, { t: 'list' }>,
      Block,
    ];
    expect(num.ordered).toBe(true);
    expect(num.start).toBe(1);
    expect(num.items).toHaveLength(2);
    expect(inlineText((num.items[0][0] as { c: Inline[] }).c)).toBe('Slots. first continued.');
    expect(bullets.ordered).toBe(false);
    expect(bullets.items).toHaveLength(2);
    const inner = bullets.items[0][1] as Extract<Block, { t: 'list' }>;
    expect(inner.t).toBe('list');
    expect(inner.items).toHaveLength(2);
    expect(inlineText((inner.items[0][0] as { c: Inline[] }).c)).toBe('inner one more of it');
    expect(inlineText((bullets.items[1][0] as { c: Inline[] }).c)).toBe('next lazy line');
    expect(para).toEqual({ t: 'para', c: [{ t: 'text', s: 'Para.' }] });
  });

  it('a wrapped line that starts with a number does not start a list', () => {
    const b = parseMarkdown('the ring of\n80.25 nodes and\n2. more');
    expect(b).toHaveLength(1);
    expect(b[0].t).toBe('para');
  });
});
