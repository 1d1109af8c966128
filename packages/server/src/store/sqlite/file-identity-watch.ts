// Notices the database files being deleted or replaced under the running server (issue 23).
// SQLite keeps writing to the files it opened: deleted, they live on as unlinked inodes and every
// "durable" commit vanishes at the next restart. So we hold our own descriptor on each file (and on
// the data directory) from the moment the store opens them, and compare the open file's identity
// (fstat: device and inode) with what the path names now (stat): gone is deleted, another inode is replaced.
import { closeSync, constants, existsSync, fstatSync, openSync, statSync } from 'node:fs';

interface Watched {
  path: string;
  fd: number;
}

export class FileIdentityWatch {
  private readonly watched: Watched[] = [];
  /** Files to watch once they exist (the WAL appears with the first transaction). */
  private readonly later = new Set<string>();

  /** `paths`: existing files or directories to watch now; `whenCreated`: ones to pick up when they appear. */
  constructor(paths: string[], whenCreated: string[] = []) {
    for (const path of paths) this.add(path);
    for (const path of whenCreated) this.later.add(path);
    this.pickUp();
  }

  /**
   * What changed, in words (lowercase, path in backticks), or null when every watched path still
   * names the file that is open. A few syscalls per file: cheap enough before every group commit's answer.
   */
  check(): string | null {
    this.pickUp();
    for (const { path, fd } of this.watched) {
      const open = fstatSync(fd, { bigint: true });
      let named;
      try {
        named = statSync(path, { bigint: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        return code === 'ENOENT' ? `\`${path}\` was deleted while the server had it open` : `\`${path}\` cannot be checked (${code})`;
      }
      if (named.ino !== open.ino || named.dev !== open.dev) return `\`${path}\` was replaced by another file`;
    }
    return null;
  }

  close(): void {
    for (const { fd } of this.watched.splice(0)) closeSync(fd);
  }

  private add(path: string): void {
    this.watched.push({ path, fd: openSync(path, constants.O_RDONLY) });
  }

  private pickUp(): void {
    for (const path of this.later) {
      if (!existsSync(path)) continue;
      this.later.delete(path);
      this.add(path);
    }
  }
}
