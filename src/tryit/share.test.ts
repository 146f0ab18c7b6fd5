import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScheduleJson } from '../kernel/format/schedule-import';
import { verify } from '../kernel/verify/verifier';
import { BROWSER_LIMITS } from '../limits';
import { runScheduleDocument } from '../run-file';
import { addTransfer, emptyAttempt, nextStep, type Attempt } from './attempt';
import { attemptOfSchedule } from './attempt-of-schedule';
import { checkAttempt } from './check';
import { makeExercise } from './exercise';
import { EXERCISE_PRESETS, findPreset } from './exercise-catalogue';
import { attemptDocument, attemptFromDocument, exerciseOfDocument } from './share-json';
import { decodeTryLink, encodeTryLink, type TryLink } from './share-link';
import { applyEdit, checkSession, openSessionText, sessionLink } from './try-session';
import { LINK_LIMITS, TryInputError } from './try-limits';
import { toBase64Url } from './try-bytes';

const algorithmAsAttempt = (ex: ReturnType<typeof makeExercise>) =>
  attemptOfSchedule(ex.reference.schedule, ex.topology, ex.circuits);

/** Decoding never throws anything but a TryInputError. */
function decodesOrSays(text: unknown): void {
  try {
    decodeTryLink(text);
  } catch (e) {
    if (!(e instanceof TryInputError)) throw e;
    expect(e.message.length).toBeGreaterThan(10);
  }
}

const transfer = fc.record({
  from: fc.nat(300),
  to: fc.array(fc.nat(300), { minLength: 1, maxLength: 3 }),
  blocks: fc.uniqueArray(fc.nat(2000), { minLength: 1, maxLength: 12 }).map((b) => b.sort((x, y) => x - y)),
  route: fc.array(fc.nat(5000), { maxLength: 8 }),
  channel: fc.nat(0xffff),
});
const attempt: fc.Arbitrary<Attempt> = fc
  .array(
    fc.record({
      transfers: fc.array(transfer, { maxLength: 5 }),
      offset: fc.option(fc.integer({ min: 1, max: 13 }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .chain((steps) =>
    fc.nat(steps.length - 1).map((at) => ({
      steps: steps.map((s) => (s.offset === undefined ? { transfers: s.transfers } : s)),
      at,
    })),
  );
const link: fc.Arbitrary<TryLink> = fc.record({
  exercise: fc.record({
    algorithm: fc.constantFrom('ring-allgather', 'noc-scatter', 'retri'),
    params: fc.dictionary(fc.stringMatching(/^[a-z-]{1,12}$/), fc.stringMatching(/^[ -~]{0,20}$/), {
      maxKeys: 4,
    }),
    rules: fc.record({ onePort: fc.constant(true), oneBlock: fc.constant(true) }, { requiredKeys: [] }),
  }),
  challenge: fc.boolean(),
  attempt: fc.option(attempt, { nil: undefined }),
});

describe('the link encoding', () => {
  it('reads back what it wrote', () => {
    fc.assert(
      fc.property(link, (l) => {
        const back = decodeTryLink(encodeTryLink(l));
        expect(back.exercise).toEqual(l.exercise);
        expect(back.challenge).toBe(l.challenge);
        expect(back.attempt).toEqual(l.attempt);
        if (l.attempt === undefined) expect('attempt' in back).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('holds each ready-made exercise with its algorithm done by hand in a short link', () => {
    for (const p of EXERCISE_PRESETS) {
      const ex = makeExercise(p.exercise);
      const a = algorithmAsAttempt(ex);
      const text = encodeTryLink({ exercise: ex.key, challenge: false, attempt: a });
      expect(text.length).toBeLessThan(LINK_LIMITS.characters);
      const s = openSessionText(text);
      expect(s.history.present).toEqual(a);
      expect(checkSession(s).complete).toBe(true);
    }
    const ring = encodeTryLink({
      exercise: makeExercise(findPreset('ring-4-textbook')!.exercise).key,
      challenge: true,
    });
    expect(ring).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(ring.length).toBeLessThan(60);
  });

  it('refuses an attempt beyond its limits, saying what to do instead', () => {
    const ex = makeExercise({
      algorithm: 'noc-scatter',
      params: { network: 'mesh', rows: '4', cols: '4', 'per-router': '2', pattern: 'aas' },
    });
    let a = emptyAttempt();
    for (let i = 0; a.steps[0].transfers.length <= LINK_LIMITS.transfers; i++)
      a = addTransfer(ex, a, {
        from: i % 32,
        to: [(i + 1 + Math.floor(i / 32)) % 32],
        blocks: [i % ex.blocks.count],
      });
    expect(() => encodeTryLink({ exercise: ex.key, challenge: false, attempt: a })).toThrow(
      new TryInputError(
        'a link holds an attempt of at most 400 transfers; this one has 401: download it as a schedule file instead',
      ),
    );
  });

  it('says what is wrong with a hostile link, and throws nothing else', () => {
    const good = encodeTryLink({
      exercise: { algorithm: 'ring-allgather', params: { nodes: '4' }, rules: {} },
      challenge: false,
      attempt: {
        steps: [{ transfers: [{ from: 0, to: [1], blocks: [0, 1, 2], route: [0], channel: 0 }] }],
        at: 0,
      },
    });
    const said = (text: unknown) => {
      try {
        decodeTryLink(text);
      } catch (e) {
        expect(e).toBeInstanceOf(TryInputError);
        return (e as Error).message;
      }
      return 'read';
    };
    expect(said('hello')).toBe('this is not a Try it link: it starts with its version, as “1.”');
    expect(said('2.AAAA')).toBe(
      'this Try it link is version 2; this app reads version 1 (it was made by a newer app)',
    );
    expect(said('1.AA*A')).toBe('the link’s data has a character that is not URL-safe base64 at position 3');
    expect(said(good.slice(0, -3))).toMatch(/^the link’s data ends inside /);
    expect(said(`${good}AAAA`)).toBe('the link’s data goes on after its end');
    expect(said(42)).toBe('a Try it link is text');
    expect(said(`1.${'A'.repeat(LINK_LIMITS.characters)}`)).toBe(
      'a Try it link holds at most 4000 characters; this one has 4002',
    );
    // A step count far past the limit: flags 8, "x", no parameters, then 2³² − 1 steps.
    expect(said(`1.${toBase64Url(Uint8Array.from([8, 1, 120, 0, 255, 255, 255, 255, 15]))}`)).toBe(
      'the link gives the number of steps as 4294967295; at most 200',
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => decodesOrSays(s)),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => decodesOrSays(`1.${s}`)),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), (bytes) => decodesOrSays(`1.${toBase64Url(bytes)}`)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.nat(good.length - 1), fc.constantFrom(...'AZaz09-_'), (at, c) =>
        decodesOrSays(good.slice(0, at) + c + good.slice(at + 1)),
      ),
      { numRuns: 500 },
    );
  });

  it('opens as a session only when every id exists in the exercise', () => {
    const text = encodeTryLink({
      exercise: { algorithm: 'ring-allgather', params: { nodes: '4' }, rules: {} },
      challenge: false,
      attempt: { steps: [{ transfers: [{ from: 0, to: [7], blocks: [0], route: [0], channel: 0 }] }], at: 0 },
    });
    expect(() => openSessionText(text)).toThrow(
      new TryInputError('step 1, transfer 1: a receiver must be a processor from 0 to 3; got 7'),
    );
    const bad = encodeTryLink({
      exercise: { algorithm: 'ring-allgather', params: { nodes: '99' }, rules: {} },
      challenge: false,
    });
    expect(() => openSessionText(bad)).toThrow(TryInputError);
  });
});

describe('a session', () => {
  it('edits, undoes and comes back from its link as it was', () => {
    let s = openSessionText(
      encodeTryLink({ exercise: findPreset('ring-4-textbook')!.exercise, challenge: true }),
    );
    s = applyEdit(s, { kind: 'add', from: 0, to: [1], blocks: [0] });
    s = applyEdit(s, { kind: 'next' });
    s = applyEdit(s, { kind: 'add', from: 1, to: [2], blocks: [0] });
    s = applyEdit(s, { kind: 'add', from: 2, to: [3], blocks: [1] });
    expect(checkSession(s).violations.map((v) => v.rule)).toEqual(['causality']);
    s = applyEdit(s, { kind: 'undo' });
    expect(checkSession(s).violationCount).toBe(0);
    expect(() => applyEdit(s, { kind: 'add', from: 0, to: [0], blocks: [0] })).toThrow(TryInputError);
    const back = openSessionText(sessionLink(s));
    expect(back.history.present).toEqual(s.history.present);
    expect(back.challenge).toBe(true);
    expect(checkSession(back).reference).toBeNull();
    expect(applyEdit(s, { kind: 'reset' }).history.present).toEqual(emptyAttempt());
    expect(applyEdit(applyEdit(s, { kind: 'reset' }), { kind: 'undo' }).history.present).toEqual(
      s.history.present,
    );
  });
});

describe('the schedule file', () => {
  const cases = [
    findPreset('ring-4-textbook')!.exercise,
    findPreset('circuit-9-alltoall')!.exercise,
    findPreset('mesh-4-allreduce')!.exercise,
    findPreset('octagon-scatter')!.exercise,
    findPreset('star-9-scatter')!.exercise,
  ];
  it.each(cases)('%j opens again with the format’s reader, verified as the check found it', (key) => {
    const ex = makeExercise(key);
    const a = algorithmAsAttempt(ex);
    const doc = JSON.parse(JSON.stringify(attemptDocument(ex, a)));
    expect(doc).toMatchObject({
      format: 'optical-collectives/schedule-v1',
      algorithm: 'by-hand',
      collective: ex.collective,
    });
    const read = fromScheduleJson(doc);
    expect(verify(read.schedule, read.topology).report.ok).toBe(checkAttempt(ex, a).complete);
    const opened = runScheduleDocument(doc, { name: 'attempt.json', hash: 'x' }, BROWSER_LIMITS);
    expect(opened.report.ok).toBe(true);
    expect(opened.schedule.stepCount).toBe(ex.reference.steps);
    expect(attemptFromDocument(ex, doc)).toEqual(a);
    expect(exerciseOfDocument(doc)).toEqual({ exercise: ex.key, challenge: false });
  });

  it('keeps a broken attempt broken, and refuses a file of another network', () => {
    const ex = makeExercise(findPreset('ring-4-textbook')!.exercise);
    let a = addTransfer(ex, emptyAttempt(), { from: 0, to: [1], blocks: [2] });
    a = nextStep(a);
    const doc = JSON.parse(JSON.stringify(attemptDocument(ex, a)));
    expect(doc.summary.verified).toBe(false);
    expect(attemptFromDocument(ex, doc).steps).toHaveLength(1);
    const other = makeExercise({ algorithm: 'ring-allgather', params: { nodes: '5' } });
    expect(() => attemptFromDocument(other, doc)).toThrow(
      new TryInputError("the file's network is not this exercise's (Ring all-gather, 5 processors)"),
    );
    expect(() => attemptFromDocument(ex, { format: 'nope' })).toThrow(TryInputError);
  });
});
