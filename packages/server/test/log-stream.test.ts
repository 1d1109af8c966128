// npm start's log lines (log-stream.ts): the lines of one event-loop turn leave in one write, in
// order; a line at `warn` or above leaves at once with those before it; a reader gone ends the log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { turnBufferedLog } from '../src/log-stream.ts';

const line = (level: number, msg: string) => `{"level":${level},"time":1,"msg":"${msg}"}\n`;

test('info lines of one turn are written together after the turn, in order', async () => {
  const writes: string[] = [];
  const log = turnBufferedLog(1, (_fd, text) => writes.push(text));
  log.write(line(30, 'a'));
  log.write(line(20, 'b'));
  log.write(line(10, 'c'));
  assert.deepEqual(writes, []);
  await nextTurn();
  assert.deepEqual(writes, [line(30, 'a') + line(20, 'b') + line(10, 'c')]);
  log.write(line(30, 'd'));
  await nextTurn();
  assert.deepEqual(writes, [line(30, 'a') + line(20, 'b') + line(10, 'c'), line(30, 'd')]);
});

test('a warning or an error is written at once, after the lines before it', () => {
  for (const level of [40, 50, 60]) {
    const writes: string[] = [];
    const log = turnBufferedLog(1, (_fd, text) => writes.push(text));
    log.write(line(30, 'before'));
    log.write(line(level, 'now'));
    assert.deepEqual(writes, [line(30, 'before') + line(level, 'now')]);
  }
  // Not pino's shape: written at once too.
  const writes: string[] = [];
  turnBufferedLog(1, (_fd, text) => writes.push(text)).write('plain text\n');
  assert.deepEqual(writes, ['plain text\n']);
});

test('a long backlog is written without waiting for the turn to end; flush writes what is pending', () => {
  const writes: string[] = [];
  const log = turnBufferedLog(1, (_fd, text) => writes.push(text));
  const long = line(30, 'x'.repeat(1000));
  for (let i = 0; i < 70; i++) log.write(long);
  assert.equal(writes.length, 1);
  assert.ok(writes[0].length >= 64 * 1024);
  log.flush();
  assert.equal(writes.join(''), long.repeat(70));
});

test('a reader gone (EPIPE) ends the log; other write errors are raised', async () => {
  let calls = 0;
  const gone = turnBufferedLog(1, () => {
    calls++;
    throw Object.assign(new Error('broken pipe'), { code: 'EPIPE' });
  });
  gone.write(line(50, 'first'));
  gone.write(line(50, 'second'));
  gone.write(line(30, 'third'));
  await nextTurn();
  assert.equal(calls, 1);
  const full = turnBufferedLog(1, () => {
    throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
  });
  assert.throws(() => full.write(line(50, 'x')), /no space/);
});
