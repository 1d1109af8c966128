// Block devices destroyed without `mkfs` or `dd` in sight: an `mdadm` array created or built over
// disks, or their RAID superblocks zeroed (the disks' data and the old array are gone), a drive
// erased by its firmware (ATA secure erase, NVMe or SCSI format and sanitize), and a
// disk tool handed a device (`/tools/disk/format {device: "/dev/md1"}`, `{drive: "\\\\.\\PhysicalDrive1"}`).
// Reading an array's state (`mdadm --detail`, `--examine`) or assembling it is left alone.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';

const MDADM_WIPE = /\bmdadm\b[^|;&\n]*?\s(?:--create|-C|--build|-B|--zero-superblock)(?=[\s=]|$)/;
const DEVICE =
  /^\s*(?:\/dev\/(?!null$|zero$|full$|stdout$|stderr$|stdin$|tty|random$|urandom$|fd\/|shm\b|pts\b|mqueue\b)\S+|\\\\\.\\PhysicalDrive\d+|[A-Za-z]:\s*$)/;
const WIPE_WORDS = new Set(['format', 'mkfs', 'wipe', 'erase', 'zap', 'partition', 'initialize', 'initialise', 'mkraid', 'shred']);

/**
 * Firmware erases of a whole drive: ATA secure erase (`hdparm --security-erase`), NVMe format and
 * sanitize (`nvme format /dev/nvme0n1`, `nvme sanitize`), SCSI format and sanitize (`sg_format
 * --format`, `sg_sanitize`). Reading a drive's state (`nvme list`, `hdparm -I`) is left alone.
 */
const FIRMWARE_ERASE =
  /\bhdparm\b[^|;&\n]*?\s--security-erase(?:-enhanced)?\b|\bnvme\s+(?:format|sanitize)\s+(?:\S+\s+)*?\/dev\/|\bsg_format\b[^|;&\n]*?\s(?:--format|-F)\b|\bsg_sanitize\b[^|;&\n]*?\/dev\//;

/** macOS `diskutil` verbs that erase or repartition a disk or volume (not `list`, `info`, `verify`, `mount`). */
const DISKUTIL_ERASE =
  /\bdiskutil\s+(?:(?:ap|cs|ar)\w*\s+)?(?:eraseDisk|eraseVolume|secureErase|zeroDisk|randomDisk|reformat|partitionDisk|deleteContainer|deleteVolume|deleteLVG|eraseCD)\b/i;

/** Adds a critical finding when a shell line creates or zeroes a RAID array over disks, or erases a drive in firmware. */
export function assessShellDeviceWipes(command: string, findings: Findings): void {
  if (command.length >= 65536) return;
  if (command.includes('mdadm') && MDADM_WIPE.test(command))
    findings.add('critical', 'shell: creates a RAID array over disks or zeroes their superblocks (mdadm), destroying their data');
  if ((command.includes('hdparm') || command.includes('nvme') || command.includes('sg_')) && FIRMWARE_ERASE.test(command))
    findings.add('critical', 'shell: erases a whole drive in its firmware (secure erase, format or sanitize)');
  if (command.includes('diskutil') && DISKUTIL_ERASE.test(command))
    findings.add('critical', 'shell: erases or repartitions a disk or volume (diskutil), destroying its data');
}

/** Adds a critical finding when a tool that formats or wipes is handed a block device. */
export function assessDeviceWipeTool(toolName: string, toolWords: readonly string[], fields: PayloadFields, findings: Findings): void {
  let wipes = false;
  for (const word of toolWords) if (WIPE_WORDS.has(word)) wipes = true;
  if (!wipes) return;
  const device = fields.strings.find((field) => field.text.length < 256 && DEVICE.test(field.text));
  if (device !== undefined)
    findings.add('critical', `disk: \`${toolName}\` formats or wipes the device \`${device.text.trim().slice(0, 60)}\``);
}
