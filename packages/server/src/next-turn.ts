// Work for right after this event-loop turn, all of it in one `setImmediate` (issue 15). A decision's
// reply is prepared here while its commit's fsync runs on the thread pool (the group commit hands the
// fsync over in the turn that computed the record, so the next turn finds the main thread idle), and
// the metrics of answered decisions are recorded here, after their answers were written.
const tasks: Array<() => void> = [];

export function nextTurn(task: () => void): void {
  if (tasks.push(task) === 1) setImmediate(runTasks);
}

function runTasks(): void {
  const due = tasks.splice(0);
  for (const task of due) {
    try {
      task();
    } catch {
      // Each task guards its own failure (a reply not prepared is serialised when it is sent);
      // one that throws must not keep the others from running.
    }
  }
}
