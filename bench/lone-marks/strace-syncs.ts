// Issue 15: counts the fsyncs of one server process from `strace -ff -tt -T -o DIR/t -p PID` files
// (one file per thread, named t.<tid>): on its main thread (tid = pid) and on the others (libuv's
// pool), with the time spent in them, by descriptor; and its `writev` (answers) and `pwrite64`.
//   node --import tsx bench/lone-marks/strace-syncs.ts DIR PID [LAST_TID]
// LAST_TID: the highest thread id of the process (`ls DIR`: the files of one process, from PID on, up
// to the next process's PID). Default PID + 10.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [dir, pidText, lastText] = process.argv.slice(2);
const pid = Number(pidText);
const last = Number(lastText ?? pid + 10);
const SYNC = /^\S+ (fsync|fdatasync)\((\d+)\)\s+= (-?\d+).*<([\d.]+)>$/;

interface Tally {
  calls: number;
  seconds: number;
  byFd: Map<string, { calls: number; seconds: number }>;
}
const tally = (): Tally => ({ calls: 0, seconds: 0, byFd: new Map() });
const main = tally();
const pool = tally();
let writev = 0;
let pwrite = 0;
for (const name of readdirSync(dir)) {
  const tid = Number(name.split('.').pop());
  if (!(tid >= pid && tid <= last)) continue;
  for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
    if (line.includes(' writev(')) writev++;
    if (line.includes(' pwrite64(')) pwrite++;
    const m = SYNC.exec(line);
    if (!m) continue;
    const into = tid === pid ? main : pool;
    const seconds = Number(m[4]);
    into.calls++;
    into.seconds += seconds;
    const key = `${m[1]}(${m[2]})`;
    const fd = into.byFd.get(key) ?? { calls: 0, seconds: 0 };
    fd.calls++;
    fd.seconds += seconds;
    into.byFd.set(key, fd);
  }
}
const show = (label: string, t: Tally) => {
  const fds = [...t.byFd].map(([fd, v]) => `${fd} ${v.calls} (${(v.seconds * 1000).toFixed(1)} ms)`).join(', ');
  console.log(`${label}: ${t.calls} syncs, ${(t.seconds * 1000).toFixed(1)} ms in them${fds ? ` — ${fds}` : ''}`);
};
show('main thread', main);
show('other threads', pool);
console.log(`writev ${writev}, pwrite64 ${pwrite}`);
