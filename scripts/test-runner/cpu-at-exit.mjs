// Loaded into every test file's process by scripts/run-tests.mjs: at exit, appends the process's CPU
// time (its own plus that of the children it waited for: servers, CLIs, Chromium) to the file the runner
// names, so the runner reports CPU per file as well as wall time (wall time is noise on a shared machine).
import { appendFileSync, readFileSync } from 'node:fs';

const file = process.env.ACTIONGATE_TEST_CPU_FILE;
if (file) {
  process.on('exit', () => {
    try {
      // Fields after the command name: utime, stime, cutime, cstime are the 12th to 15th (clock ticks of 10 ms).
      const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      appendFileSync(file, `${process.pid} ${ticks * 10}\n`);
    } catch {
      // no /proc (not Linux): no CPU figure
    }
  });
}
