// Where the server's log lines go when no logger is given (`npm start`): stdout, the lines of one
// event-loop turn in one write (issue 15). At `info` every request adds an access line
// (request-log.ts); pino's default destination wrote each on its own through the thread pool
// (~10 µs of this process's CPU per decision at 16 in flight). Lines at `warn` and above are written
// at once with those before them. A kill -9 can lose the access lines of the turn it lands in, as it
// could lose those still queued before (the old destination) or not yet logged after their answer.
import { writeSync } from 'node:fs';

/** Flushes beyond this many buffered characters, whatever the turn. */
const MAX_PENDING = 64 * 1024;

export interface LogStream {
  write(line: string): void;
  /** Writes what is pending now (at exit, in tests). */
  flush(): void;
}

export function turnBufferedLog(fd: number, write: (fd: number, text: string) => void = writeFully): LogStream {
  let pending = '';
  let scheduled = false;
  let closed = false;
  const flush = () => {
    scheduled = false;
    if (pending === '' || closed) return;
    const text = pending;
    pending = '';
    try {
      write(fd, text);
    } catch (error) {
      // A reader that went away (EPIPE) ends the log, as with pino's own destination; other errors are raised.
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
      closed = true;
    }
  };
  return {
    write(line) {
      if (closed) return;
      pending += line;
      if (!isBelowWarn(line) || pending.length >= MAX_PENDING) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

/** pino starts each line with its numeric level: trace 10, debug 20, info 30, warn 40 and above. */
function isBelowWarn(line: string): boolean {
  return (
    line.startsWith('{"level":') && line.charCodeAt(9) <= 0x33 /* '3' */ && line.charCodeAt(10) === 0x30 && line.charCodeAt(11) === 0x2c
  );
}

const wait = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `text`, waiting out a full pipe (EAGAIN on a non-blocking stdout) as pino's destination does. */
function writeFully(fd: number, text: string): void {
  let bytes = Buffer.from(text);
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(fd, bytes));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(wait, 0, 0, 1);
    }
  }
}

let stdout: LogStream | null = null;

/** The process's stdout as a log stream: one per process, flushed when the process exits. */
export function stdoutLog(): LogStream {
  if (!stdout) {
    const stream = turnBufferedLog(1);
    process.on('exit', () => stream.flush());
    stdout = stream;
  }
  return stdout;
}
