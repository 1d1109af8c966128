// Notices the database files being deleted or replaced under the running server (issue 23).
// SQLite keeps writing to the files it opened: deleted, they live on as unlinked inodes and every
// "durable" commit vanishes at the next restart. So we hold our own descriptor on each file (and on
// the data directory) from the moment the store opens them, and compare the open file's identity
// (fstat: device and inode) with what the path names now (stat): gone is deleted, another inode is replaced.
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, statSync, type BigIntStats } from 'node:fs';
import { dirname, resolve } from 'node:path';

interface Watched {
  path: string;
  fd: number;
}

/** A second: timestamps may be coarser than the time between two changes of the directory. */
const COARSE_NS = 1_000_000_000n;

export class FileIdentityWatch {
  private readonly watched: Watched[] = [];
  /** Files to watch once they exist (the WAL appears with the first transaction). */
  private readonly later = new Set<string>();
  /**
   * Issue 15: the directory that holds every watched file as its own entry (no symbolic link), and
   * how it stood at the last check that passed; null when some file is elsewhere or a link.
   */
  private directory: { path: string; passed: BigIntStats | null; passedAtNs: bigint } | null;

  /**
   * `paths`: existing files or directories to watch now; `whenCreated`: ones to pick up when they
   * appear; `directory`: the directory holding them all (`unchangedSincePassed`).
   */
  constructor(paths: string[], whenCreated: string[] = [], directory: string | null = null) {
    this.directory = directory === null ? null : { path: directory, passed: null, passedAtNs: 0n };
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
    const directory = this.directory;
    if (directory) directory.passed = null;
    const checkedAtNs = BigInt(Date.now()) * 1_000_000n;
    let directoryNamed: BigIntStats | null = null;
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
      if (directory && path === directory.path) directoryNamed = named;
    }
    // Every file is picked up and the directory was stat'ed before its files: a later change of any
    // of their names changes the directory's ctime from what it is now.
    if (directory && directoryNamed && this.later.size === 0) {
      directory.passed = directoryNamed;
      directory.passedAtNs = checkedAtNs;
    }
    return null;
  }

  /**
   * Issue 15: whether the last check that passed still holds, in one stat of the directory instead
   * of two per file. Deleting, renaming or replacing an entry of a directory sets its ctime (and
   * mtime) to the time of the change, so an unchanged directory names the same files, as long as its
   * ctime was older than the check by more than a timestamp's granularity (else: false, check again).
   * False too when the directory is not known to hold every file, or nothing has passed yet.
   */
  unchangedSincePassed(): boolean {
    const passed = this.directory?.passed;
    if (!passed || passed.ctimeNs > this.directory!.passedAtNs - COARSE_NS) return false;
    let now: BigIntStats;
    try {
      now = statSync(this.directory!.path, { bigint: true });
    } catch {
      return false;
    }
    return now.ino === passed.ino && now.dev === passed.dev && now.ctimeNs === passed.ctimeNs && now.mtimeNs === passed.mtimeNs;
  }

  close(): void {
    if (this.directory) this.directory.passed = null;
    for (const { fd } of this.watched.splice(0)) closeSync(fd);
  }

  private add(path: string): void {
    this.watched.push({ path, fd: openSync(path, constants.O_RDONLY) });
    // The one-stat confirmation holds only for plain entries of the directory (the directory first).
    const directory = this.directory;
    if (directory && path !== directory.path) {
      if (this.watched[0].path !== directory.path || resolve(dirname(path)) !== resolve(directory.path) || lstatSync(path).isSymbolicLink())
        this.directory = null;
    }
  }

  private pickUp(): void {
    for (const path of this.later) {
      if (!existsSync(path)) continue;
      this.later.delete(path);
      this.add(path);
    }
  }
}
