/**
 * Small non-negative integers as JSON-safe text: six bits a character (`A–Z a–z 0–9 - _`). A varint
 * takes five bits a character, low bits first, and marks "more follows" with the sixth; a byte is one
 * character (0–63). Sorted lists are stored as gaps, so most numbers take a single character.
 */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map([...DIGITS].map((c, i) => [c.charCodeAt(0), i]));

export class PackedWriter {
  private out: string[] = [];
  varint(n: number): this {
    for (let v = n; ; v = Math.floor(v / 32)) {
      if (v < 32) {
        this.out.push(DIGITS[v]!);
        return this;
      }
      this.out.push(DIGITS[32 + (v % 32)]!);
    }
  }
  /** One character, 0–63. */
  small(n: number): this {
    this.out.push(DIGITS[n]!);
    return this;
  }
  toString(): string {
    return this.out.join('');
  }
}

export class PackedReader {
  private at = 0;
  constructor(private readonly text: string) {}
  get done(): boolean {
    return this.at >= this.text.length;
  }
  varint(): number {
    let n = 0;
    for (let scale = 1; ; scale *= 32) {
      const v = this.digit();
      if (v < 32) return n + v * scale;
      n += (v - 32) * scale;
    }
  }
  small(): number {
    return this.digit();
  }
  private digit(): number {
    const v = VALUE.get(this.text.charCodeAt(this.at++));
    if (v === undefined) throw new Error(`packed data is corrupt at character ${this.at - 1}`);
    return v;
  }
}

/** Ascending integers as gaps (`a0, a1 - a0 - 1, …`). */
export function packAscending(values: readonly number[]): string {
  const w = new PackedWriter();
  let prev = -1;
  for (const v of values) {
    w.varint(v - prev - 1);
    prev = v;
  }
  return w.toString();
}

export function unpackAscending(text: string): number[] {
  const r = new PackedReader(text);
  const out: number[] = [];
  let prev = -1;
  while (!r.done) out.push((prev += r.varint() + 1));
  return out;
}
