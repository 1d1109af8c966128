// One raw deflate or inflate stream kept open and reset for each value, instead of node's
// deflateRawSync/inflateRawSync, which build a whole stream per call (a Transform, a 16 KB output
// buffer, zlib's ~270 KB state): that set-up was about half the cost of packing a decision body.
// It drives the stream's native handle (`_handle`, `_writeState`: node internals, the same from node
// 10 to 22), so it proves itself once against the public function, byte for byte, and uses the
// public function for good if that check fails, and for a value whenever the handle reports an error.
import { constants, type DeflateRaw, type InflateRaw } from 'node:zlib';

interface NativeHandle {
  reset(): void;
  writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void;
  close(): void;
  onerror: (message: string, errno: number) => void;
}

/** Values up to this many bytes go through the reused stream; larger ones (rare) through the public function. */
const MAX_INPUT = 256 * 1024;
const CHUNK = 16 * 1024;

export class ReusedZlibStream {
  private handle: NativeHandle | null = null;
  private state: Uint32Array | null = null;
  private errored = false;
  private proven: boolean | null = null;
  private readonly out = Buffer.allocUnsafe(CHUNK);

  /**
   * `open`: a new stream with the options every value uses; `publicSync`: the public function with
   * the same options; `sample`: an input both must turn into the same bytes before the reused stream is trusted.
   */
  constructor(
    private readonly open: () => DeflateRaw | InflateRaw,
    private readonly publicSync: (input: Buffer) => Buffer,
    private readonly sample: Buffer,
  ) {}

  run(input: Buffer): Buffer {
    if (this.proven === null) this.proven = this.prove();
    if (!this.proven || input.length > MAX_INPUT) return this.publicSync(input);
    // The public function reports what went wrong (e.g. a truncated value) with node's own error.
    return this.reused(input) ?? this.publicSync(input);
  }

  private prove(): boolean {
    try {
      const expected = this.publicSync(this.sample);
      // Twice: the second run shows that a reset leaves nothing of the first behind.
      return [this.reused(this.sample), this.reused(this.sample)].every((result) => result !== null && result.equals(expected));
    } catch {
      return false;
    }
  }

  /** The result, or null when the handle reported an error or the stream did not end cleanly. */
  private reused(input: Buffer): Buffer | null {
    const handle = this.handle ?? this.start();
    const state = this.state!;
    handle.reset();
    const chunks: Buffer[] = [];
    let inOff = 0;
    let inLeft = input.length;
    for (;;) {
      handle.writeSync(constants.Z_FINISH, input, inOff, inLeft, this.out, 0, CHUNK);
      if (this.errored) return this.discard();
      const [outLeft, inAfter] = state;
      chunks.push(Buffer.from(this.out.subarray(0, CHUNK - outLeft)));
      inOff += inLeft - inAfter;
      inLeft = inAfter;
      // Room left in the output with Z_FINISH: the stream ended. Input left over after its end is
      // not ours to judge; the public function decides.
      if (outLeft > 0) return inLeft === 0 ? (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)) : this.discard();
    }
  }

  private start(): NativeHandle {
    const stream = this.open() as unknown as { _handle: NativeHandle; _writeState: Uint32Array };
    this.handle = stream._handle;
    this.state = stream._writeState;
    // Our own error callback: the stream's would destroy the stream; here an error drops the handle.
    this.handle.onerror = () => {
      this.errored = true;
    };
    return this.handle;
  }

  private discard(): null {
    this.handle?.close();
    this.handle = null;
    this.state = null;
    this.errored = false;
    return null;
  }
}
