// Issue 15: log lines reach stdout in groups (grouped-log-writer.ts): one write per group, never
// two at once, in order, at once for warn and above, all of it at exit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { GroupedLogWriter, type FdWrite } from '../src/grouped-log-writer.ts';

/** A write the test completes by hand: what was asked, and how to finish it. */
function fakeWrites() {
  const calls: Array<{ text: string; finish(written?: number, error?: NodeJS.ErrnoException): void }> = [];
  const write: FdWrite = (_fd, buffer, done) => {
    const text = buffer.toString();
    calls.push({ text, finish: (written = buffer.length, error) => done(error ?? null, written) });
  };
  return { calls, write };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('lines below warn wait and go out together in one write, in order', async () => {
  const { calls, write } = fakeWrites();
  const writer = new GroupedLogWriter(99, 30, 8192, write);
  writer.write('a\n');
  writer.write('b\n');
  assert.equal(calls.length, 0, 'nothing written at once');
  await sleep(60);
  assert.deepEqual(
    calls.map((c) => c.text),
    ['a\nb\n'],
  );
});

test('a line at warn writes itself and the lines before it at once', () => {
  const { calls, write } = fakeWrites();
  const writer = new GroupedLogWriter(99, 10_000, 8192, write);
  writer.write('info\n');
  writer.lastLevel = 40;
  writer.write('warn\n');
  assert.deepEqual(
    calls.map((c) => c.text),
    ['info\nwarn\n'],
  );
});

test('a full group is written at once; lines meanwhile wait for that write, then follow it', () => {
  const { calls, write } = fakeWrites();
  const writer = new GroupedLogWriter(99, 10_000, 8, write);
  writer.write('12345\n');
  writer.write('67890\n');
  assert.deepEqual(
    calls.map((c) => c.text),
    ['12345\n67890\n'],
  );
  writer.write('abcdef\n');
  writer.write('ghijkl\n');
  assert.equal(calls.length, 1, 'one write at a time');
  calls[0].finish(4); // a short write: its rest goes before the newer lines
  assert.equal(calls[1].text, '5\n67890\n');
  calls[1].finish();
  assert.equal(calls[2].text, 'abcdef\nghijkl\n');
});

test('flush(cb) calls back once everything waiting was written', async () => {
  const { calls, write } = fakeWrites();
  const writer = new GroupedLogWriter(99, 10_000, 8192, write);
  let called = 0;
  writer.flush(() => called++);
  assert.equal(called, 1, 'nothing waiting: at once');
  writer.write('x\n');
  writer.flush(() => called++);
  assert.equal(called, 1);
  calls[0].finish();
  assert.equal(called, 2);
});

test('a broken pipe drops the lines from then on', () => {
  const { calls, write } = fakeWrites();
  const writer = new GroupedLogWriter(99, 10_000, 4, write);
  writer.write('first\n');
  calls[0].finish(0, Object.assign(new Error('EPIPE'), { code: 'EPIPE' }));
  writer.write('second\n');
  writer.flush();
  assert.equal(calls.length, 1);
});

test('through pino on a real file: every line, in order; exit writes what waits', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'grouped-log-'));
  const file = join(dir, 'log');
  const fd = openSync(file, 'w');
  try {
    const writer = new GroupedLogWriter(fd, 10_000, 1 << 20);
    const log = pino({ level: 'info' }, writer);
    for (let i = 0; i < 50; i++) log.info({ i }, 'line');
    assert.equal(readFileSync(file, 'utf8'), '', 'waiting, not written');
    log.warn('now');
    await new Promise<void>((resolve) => writer.flush(resolve));
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      lines.map((line) => line.i ?? line.msg),
      [...Array.from({ length: 50 }, (_, i) => i), 'now'],
    );
    log.info('at exit');
    writer.flushSync();
    assert.match(readFileSync(file, 'utf8').trim().split('\n').at(-1)!, /"msg":"at exit"/);
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
});
