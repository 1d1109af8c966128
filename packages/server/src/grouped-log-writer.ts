// Issue 15: the log's lines reach stdout in groups, not one write per line. pino's default stdout
// writes every line with an `fs.write` on libuv's thread pool, so each request's access line (at
// `info`, npm start's level) handed a thread-pool thread a write right after the answer, and that
// write's completion woke the event loop again (a futex wake, the write, an eventfd wake: three
// thread switches per request, on the vCPU the next request or its client needs). Here a line waits
// until `waitMs` after the first of its group, or until `groupBytes` wait, or until a line at warn or
// above comes (written at once, after the lines before it); then everything waiting goes in one
// `fs.write`, still on the thread pool, so a slow or full pipe never blocks the event loop. At exit
// what waits is written synchronously.
import { write as fsWrite, writeSync } from 'node:fs';

/** pino's level for `warn`: such a line (and any above) is written at once. */
const WARN = 40;
/** pino tells a stream with this symbol set the level of the line it is about to write (`lastLevel`). */
const PINO_METADATA = Symbol.for('pino.metadata');

export type FdWrite = (fd: number, buffer: Buffer, done: (error: NodeJS.ErrnoException | null, written: number) => void) => void;

const writeAll: FdWrite = (fd, buffer, done) => fsWrite(fd, buffer, 0, buffer.length, null, done);

export class GroupedLogWriter {
  readonly [PINO_METADATA] = true;
  /** Set by pino before each `write`: the line's level. */
  lastLevel = 0;
  private waiting = '';
  private writing = false;
  /** A flush was asked for while a write was running: it runs when that write ends. */
  private flushAsked = false;
  private timer: NodeJS.Timeout | null = null;
  /** Writing failed for good (EPIPE: nobody reads stdout any more): the lines are dropped, as pino does. */
  private stopped = false;
  private readonly whenWritten: Array<() => void> = [];

  constructor(
    private readonly fd = 1,
    private readonly waitMs = 200,
    private readonly groupBytes = 8 * 1024,
    private readonly writeFd: FdWrite = writeAll,
  ) {}

  write(line: string): boolean {
    if (this.stopped) return true;
    this.waiting += line;
    if (this.lastLevel >= WARN || this.waiting.length >= this.groupBytes) this.flush();
    else if (this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flush();
      }, this.waitMs);
      // Waiting lines never keep the process alive: exit writes them (flushSync).
      this.timer.unref();
    }
    return true;
  }

  /**
   * Starts writing everything waiting (after the write running, if one is); `done` (pino's
   * `logger.flush(cb)`) is called once all of it was written.
   */
  flush(done?: () => void): void {
    if (done) this.whenWritten.push(done);
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.stopped || (this.waiting === '' && !this.writing)) return this.written();
    if (this.waiting === '') return;
    if (this.writing) {
      this.flushAsked = true;
      return;
    }
    const buffer = Buffer.from(this.waiting);
    this.waiting = '';
    this.writing = true;
    this.send(buffer);
  }

  /** Writes what waits on this thread (exit). A write running on the thread pool ends on its own. */
  flushSync(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.stopped || this.waiting === '') return;
    const text = this.waiting;
    this.waiting = '';
    try {
      writeSync(this.fd, text);
    } catch {
      // Exiting: nothing left to tell.
    }
  }

  private written(): void {
    for (const done of this.whenWritten.splice(0)) done();
  }

  private send(buffer: Buffer): void {
    this.writeFd(this.fd, buffer, (error, written) => {
      if (error) {
        // A non-blocking stdout that is full: try again shortly, as sonic-boom does.
        if (error.code === 'EAGAIN' || error.code === 'EBUSY') {
          setTimeout(() => this.send(buffer), 100).unref();
          return;
        }
        this.writing = false;
        this.stopped = true;
        this.waiting = '';
        this.written();
        // EPIPE: the reader is gone, as pino treats it; anything else is said once where it can be.
        if (error.code !== 'EPIPE') {
          try {
            writeSync(2, `log lines to fd ${this.fd} dropped from now on: ${error.message}\n`);
          } catch {
            // stderr is gone too
          }
        }
        return;
      }
      if (written < buffer.length) {
        this.send(buffer.subarray(written));
        return;
      }
      this.writing = false;
      if (this.waiting === '') {
        this.flushAsked = false;
        this.written();
        return;
      }
      if (this.flushAsked || this.waiting.length >= this.groupBytes) {
        this.flushAsked = false;
        this.flush();
      } else if (this.timer === null) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.flush();
        }, this.waitMs);
        this.timer.unref();
      }
    });
  }
}

let stdoutWriter: GroupedLogWriter | null = null;

/** The process's one writer of log lines to stdout (one, so lines keep their order). */
export function groupedStdout(): GroupedLogWriter {
  if (stdoutWriter === null) {
    const writer = new GroupedLogWriter(1);
    process.once('exit', () => writer.flushSync());
    stdoutWriter = writer;
  }
  return stdoutWriter;
}
