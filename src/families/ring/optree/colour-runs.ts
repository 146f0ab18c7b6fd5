import { resized } from '../../../kernel/model/columns';

/** Lightpath requests: bundles of identical arcs (same sender, same signed length). */
export interface ArcBundles {
  count: number;
  /** Sender node of each bundle. */
  src: Int32Array;
  /** Signed length: positive clockwise, negative counter-clockwise; never 0, |hops| < ring size. */
  hops: Int32Array;
  /** Lightpaths in each bundle (each needs its own colour). */
  mult: Int32Array;
}

/**
 * Colours as runs of consecutive colours: bundle b's lightpaths take, in order, the colours of runs
 * from[b] … to[b] − 1, run r being the colours first[r] … first[r] + size[r] − 1. A bundle of a
 * thousand lightpaths usually needs a handful of runs, so the builder can write whole runs at once.
 */
export interface ColourRuns {
  from: Int32Array;
  to: Int32Array;
  first: Int32Array;
  size: Int32Array;
}

/**
 * Collects colour runs bundle by bundle (a bundle's colours all come in one go); consecutive colours
 * of one bundle join one run.
 */
export class RunsBuilder {
  readonly from: Int32Array;
  readonly to: Int32Array;
  first = new Int32Array(256);
  size = new Int32Array(256);
  count = 0;
  /** The bundle being collected, and where its runs start. */
  private bundle = -1;

  constructor(bundles: number) {
    this.from = new Int32Array(bundles);
    this.to = new Int32Array(bundles);
  }

  /** Appends `size` colours from `first` on to bundle b's runs. */
  push(b: number, first: number, size: number): void {
    if (b !== this.bundle) {
      this.bundle = b;
      this.from[b] = this.count;
    }
    const last = this.count - 1;
    if (last >= this.from[b] && this.first[last] + this.size[last] === first) this.size[last] += size;
    else {
      if (this.count === this.first.length) {
        this.first = resized(this.first, 2 * this.count);
        this.size = resized(this.size, 2 * this.count);
      }
      this.first[this.count] = first;
      this.size[this.count++] = size;
    }
    this.to[b] = this.count;
  }

  /** Takes over bundle b's runs from another builder (a better colouring found later). */
  copy(b: number, other: RunsBuilder): void {
    this.bundle = -1;
    for (let r = other.from[b]; r < other.to[b]; r++) this.push(b, other.first[r], other.size[r]);
  }

  done(): ColourRuns {
    return { from: this.from, to: this.to, first: this.first, size: this.size };
  }
}

/** Growable pool of colour runs [first, first + size) with a link each. */
export class RunPool {
  first = new Int32Array(256);
  size = new Int32Array(256);
  next = new Int32Array(256);
  count = 0;
  add(first: number, size: number): number {
    if (this.count === this.first.length) {
      this.first = resized(this.first, 2 * this.count);
      this.size = resized(this.size, 2 * this.count);
      this.next = resized(this.next, 2 * this.count);
    }
    this.first[this.count] = first;
    this.size[this.count] = size;
    return this.count++;
  }
}
