import type { TryTransfer } from '../../src/tryit/attempt';
import type { TryView } from '../../src/tryit/try-view';
import type { Picking } from './picking';

/**
 * The exercise's network with the step being edited drawn on it: each transfer along its route in
 * its channel's colour, a transfer at fault dashed red with the link or node at fault ringed, the
 * algorithm's step greyed when asked for, and the sender and receivers being picked. Clicking a
 * processor picks it (the keyboard types its number instead, TryPage).
 */
const W = 1000;
const CHANNEL_COLOURS = [
  '#0369a1',
  '#c2410c',
  '#15803d',
  '#7e22ce',
  '#b45309',
  '#0f766e',
  '#be185d',
  '#4d7c0f',
];
const FAULT = '#dc2626';
export const channelColour = (c: number) => CHANNEL_COLOURS[c % CHANNEL_COLOURS.length];

interface Props {
  view: TryView;
  picking: Picking;
  onPick(node: number): void;
  onSelect(index: number): void;
  /** A link between vertices u and v clicked while a transfer is selected (its route changes). */
  onLink?(u: number, v: number): void;
  /** A picture to look at only (the algorithm's side of the side-by-side view): no clicks, no test ids. */
  readOnly?: boolean;
  /** The bound's argument, drawn when asked for: its vertices and links ringed in purple. */
  argued?: boolean;
}

const ARGUMENT = '#7e22ce';

export function TryNetwork({ view, picking, onPick, onSelect, onLink, readOnly, argued = false }: Props) {
  const b = view.board;
  const step = view.attempt.at;
  const px = (v: number) => b.x[v] * W;
  const py = (v: number) => b.y[v] * W;
  /** A line's ends: from vertex u to vertex v. */
  const between = (u: number, v: number) => ({ x1: px(u), y1: py(u), x2: px(v), y2: py(v) });
  const r = Math.max(16, Math.min(44, 280 / Math.sqrt(b.vertices + 2)));
  const here = view.check.violations.filter((x) => x.step === step);
  const badTransfers = new Set(here.flatMap((x) => [x.index, x.other].filter((i) => i != null) as number[]));
  const badLinks = new Set(here.flatMap((x) => (x.link === undefined ? [] : [x.link])));
  const badNodes = new Set(here.flatMap((x) => (x.node === undefined ? [] : [x.node])));
  // One line per pair of vertices joined by a usable link.
  const pairs = new Map<string, [number, number]>();
  for (const l of view.usable) {
    const [u, v] = [b.linkFrom[l], b.linkTo[l]];
    pairs.set(u < v ? `${u},${v}` : `${v},${u}`, [u, v]);
  }
  // Transfers sharing a pair of vertices are drawn side by side (lanes), not on top of each other.
  const lanes = new Map<string, number>();
  const segments = (t: TryTransfer) =>
    t.route.map((l) => {
      const [u, v] = [b.linkFrom[l], b.linkTo[l]];
      const key = u < v ? `${u},${v}` : `${v},${u}`;
      const lane = lanes.get(key) ?? 0;
      lanes.set(key, lane + 1);
      const [dx, dy] = [px(v) - px(u), py(v) - py(u)];
      const len = Math.hypot(dx, dy) || 1;
      const side = (lane % 2 ? -1 : 1) * (Math.floor(lane / 2) + 0.5) * 9 * (u < v ? 1 : -1);
      const [ox, oy] = [(-dy / len) * side, (dx / len) * side];
      const shrink = (f: number) => [px(u) + dx * f + ox, py(u) + dy * f + oy];
      const cut = Math.min(0.45, (r * 1.1) / len);
      const [x1, y1] = u < b.nodes ? shrink(cut) : shrink(0);
      const [x2, y2] = v < b.nodes ? shrink(1 - cut) : shrink(1);
      return { l, ends: { x1, y1, x2, y2 }, last: v };
    });
  const arg = argued ? b.argued.argument : {};
  // While a transfer is selected its route can be changed by clicking links.
  const routing =
    !!onLink && picking.selected !== null && !!view.attempt.steps[step]?.transfers[picking.selected];
  const arguedVertices = new Set(arg.vertices ?? []);
  const transfers = view.attempt.steps[step]?.transfers ?? [];
  const hint = view.hint?.kind === 'step' && view.hint.step === step ? view.hint.transfers : [];
  const drawn = [
    ...transfers.map((t, i) => ({ t, i, hint: false })),
    ...hint.map((t, i) => ({ t, i, hint: true })),
  ];
  return (
    <svg
      viewBox={`-40 -40 ${W + 80} ${W + 80}`}
      className="h-full w-full select-none"
      role="img"
      aria-label={`${b.name}: ${b.nodes} ${b.kind === 'mesh' || b.kind === 'noc' ? 'processors' : 'nodes'}, step ${step + 1} of the attempt with ${transfers.length} ${b.noun[transfers.length === 1 ? 0 : 1]}${here.length ? `, ${here.length} problems` : ''}`}
      data-testid={readOnly ? 'try-side-network' : 'try-network'}
    >
      <defs>
        {[...CHANNEL_COLOURS, FAULT, '#94a3b8'].map((c) => (
          <marker
            key={c}
            id={`try-arrow-${c.slice(1)}`}
            viewBox="0 0 10 10"
            refX="8"
            refY="5"
            markerWidth="4"
            markerHeight="4"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" fill={c} />
          </marker>
        ))}
      </defs>
      {[...pairs.values()].map(([u, v]) => (
        <line key={`${u},${v}`} {...between(u, v)} stroke="#cbd5e1" strokeWidth={3} />
      ))}
      {(arg.links ?? []).map((l) => (
        <line
          key={`arg${l}`}
          {...between(b.linkFrom[l], b.linkTo[l])}
          stroke={ARGUMENT}
          strokeOpacity={0.35}
          strokeWidth={16}
          data-testid="try-argument-link"
        />
      ))}
      {drawn.map(({ t, i, hint: greyed }) => {
        const bad = !greyed && badTransfers.has(i);
        const colour = greyed ? '#94a3b8' : bad ? FAULT : channelColour(t.channel);
        const segs = segments(t);
        return (
          <g
            key={`${greyed ? 'h' : 't'}${i}`}
            onClick={greyed || readOnly ? undefined : () => onSelect(i)}
            className={greyed || readOnly ? '' : 'cursor-pointer'}
            data-testid={readOnly ? 'try-side-path' : greyed ? 'try-hint-path' : `try-path-${i}`}
            data-fault={bad ? '1' : undefined}
          >
            {segs.map((s, k) => (
              <g key={k}>
                {bad && badLinks.has(s.l) && (
                  <line
                    {...s.ends}
                    stroke={FAULT}
                    strokeOpacity={0.25}
                    strokeWidth={22}
                    strokeLinecap="round"
                  />
                )}
                <line
                  {...s.ends}
                  stroke={colour}
                  strokeWidth={picking.selected === i && !greyed ? 10 : 6}
                  strokeDasharray={greyed ? '14 10' : bad ? '18 8' : undefined}
                  markerEnd={
                    k === segs.length - 1 || s.last < b.nodes
                      ? `url(#try-arrow-${colour.slice(1)})`
                      : undefined
                  }
                />
              </g>
            ))}
          </g>
        );
      })}
      {/* Above the transfers: while one is selected, a click on a link changes its route. */}
      {routing &&
        [...pairs.values()].map(([u, v]) => (
          <line
            key={`hit${u},${v}`}
            {...between(u, v)}
            stroke="transparent"
            strokeWidth={28}
            className="cursor-pointer"
            onClick={() => onLink?.(u, v)}
            data-testid={`try-link-${Math.min(u, v)}-${Math.max(u, v)}`}
          />
        ))}
      {Array.from({ length: b.vertices }, (_, v) => {
        const proc = v < b.nodes;
        const role = v === picking.from ? 'sender' : picking.to.includes(v) ? 'receiver' : '';
        const fill =
          role === 'sender' ? '#0369a1' : role === 'receiver' ? '#f59e0b' : proc ? '#ffffff' : '#e2e8f0';
        const text = role === 'sender' ? '#ffffff' : '#0f172a';
        return (
          <g
            key={v}
            onClick={proc && !readOnly ? () => onPick(v) : undefined}
            className={proc && !readOnly ? 'cursor-pointer' : ''}
            data-testid={proc && !readOnly ? `try-node-${v}` : undefined}
            data-role={role || undefined}
          >
            {arguedVertices.has(v) && (
              <circle
                cx={px(v)}
                cy={py(v)}
                r={r + 18}
                fill="none"
                stroke={ARGUMENT}
                strokeWidth={5}
                strokeDasharray="6 5"
                data-testid="try-argument-vertex"
              />
            )}
            {badNodes.has(v) && (
              <circle cx={px(v)} cy={py(v)} r={r + 10} fill="none" stroke={FAULT} strokeWidth={6} />
            )}
            {proc ? (
              <circle cx={px(v)} cy={py(v)} r={r} fill={fill} stroke="#334155" strokeWidth={3} />
            ) : (
              <rect
                x={px(v) - r * 0.6}
                y={py(v) - r * 0.6}
                width={r * 1.2}
                height={r * 1.2}
                rx={4}
                fill={fill}
                stroke="#64748b"
                strokeWidth={2}
              >
                <title>{b.vertexNames[v]}</title>
              </rect>
            )}
            {proc && (
              <text
                x={px(v)}
                y={py(v)}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={r * 0.95}
                fontWeight={600}
                fill={text}
              >
                {v}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
