import type { TryTransfer } from '../../src/tryit/attempt';
import type { TryView } from '../../src/tryit/try-view';

/**
 * Changing a placed transfer's route by hand (clicking the links of the picture, or picking them
 * from a list): the route is kept in the order it is travelled from the sender, so the order of the
 * clicks does not matter. The result goes to the worker as a `route` edit, checked like any other.
 */
type Links = Pick<TryView['board'], 'linkFrom' | 'linkTo'>;

/**
 * The route's links in the order they are travelled from the sender (breadth-first over the links
 * chosen), and the vertices reached; links the route never reaches come last, in the order given
 * (the check then says the route jumps).
 */
export function orderRoute(
  b: Links,
  from: number,
  links: readonly number[],
): { route: number[]; reached: Set<number> } {
  const reached = new Set([from]);
  const left = [...links];
  const route: number[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (let i = 0; i < left.length; i++)
      if (reached.has(b.linkFrom[left[i]])) {
        const [l] = left.splice(i--, 1);
        route.push(l);
        reached.add(b.linkTo[l]);
        grew = true;
      }
  }
  return { route: [...route, ...left], reached };
}

/** Links that could extend the route: usable in the step, starting where the route has reached, not in it yet. */
export function nextLinks(view: TryView, t: TryTransfer): number[] {
  const b = view.board;
  const { reached } = orderRoute(b, t.from, t.route);
  return view.usable.filter((l) => reached.has(b.linkFrom[l]) && !t.route.includes(l));
}

/**
 * The route with the link between vertices u and v (either way) taken out when it has one, else put
 * in, in the direction that leaves where the route has reached (preferring a vertex not yet
 * reached). A link that does not touch the route so far is refused in words.
 */
export function toggleRouteLink(
  view: TryView,
  t: TryTransfer,
  u: number,
  v: number,
): { links: number[] } | { error: string } {
  const b = view.board;
  const between = (l: number) =>
    (b.linkFrom[l] === u && b.linkTo[l] === v) || (b.linkFrom[l] === v && b.linkTo[l] === u);
  if (t.route.some(between))
    return {
      links: orderRoute(
        b,
        t.from,
        t.route.filter((l) => !between(l)),
      ).route,
    };
  const { reached } = orderRoute(b, t.from, t.route);
  const options = nextLinks(view, t).filter(between);
  const pick = options.find((l) => !reached.has(b.linkTo[l])) ?? options[0];
  if (pick === undefined)
    return {
      error: `the link between ${b.vertexNames[u]} and ${b.vertexNames[v]} does not continue the route: a route leaves ${b.vertexNames[t.from]} and each link starts where it has reached`,
    };
  return { links: orderRoute(b, t.from, [...t.route, pick]).route };
}
