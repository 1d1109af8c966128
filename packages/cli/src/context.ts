// What every CLI command shares: the client built from the global options, and one error mapper
// from SDK errors to messages and exit codes.
import type { Command } from 'commander';
import { ActionGate } from '@actiongate/sdk';
import { ApiRequestError, GovernanceUnavailable } from '@actiongate/sdk';
import { EXIT } from './exit-codes.ts';
import { printJson } from './output.ts';

export interface GlobalOptions {
  url?: string;
  apiKey?: string;
  json?: boolean;
  timeout?: string;
}

/** The client for a command, from `--url`, `--api-key`, `--timeout` (or the environment). */
export function gateOf(command: Command, extra: { agentId?: string } = {}): ActionGate {
  const options = command.optsWithGlobals<GlobalOptions>();
  const timeoutMs = options.timeout === undefined ? undefined : Number(options.timeout);
  if (timeoutMs !== undefined && (!Number.isFinite(timeoutMs) || timeoutMs <= 0)) {
    throw new UsageError(`--timeout (or ACTIONGATE_TIMEOUT_MS) must be a positive number of milliseconds, got \`${options.timeout}\``);
  }
  return new ActionGate({ baseUrl: options.url, apiKey: options.apiKey, timeoutMs, agentId: extra.agentId });
}

/** Whether `--json` was given. */
export function jsonOutput(command: Command): boolean {
  return Boolean(command.optsWithGlobals<GlobalOptions>().json);
}

/** A wrong command line: exit 1 with the message. */
export class UsageError extends Error {}

/** Prints an error the way the output mode asks, and answers the exit code it means. */
export function reportError(command: Command, error: unknown): number {
  const json = jsonOutput(command);
  if (error instanceof GovernanceUnavailable) {
    if (json) printJson({ error: 'unavailable', detail: error.message, status: error.status ?? null });
    else process.stderr.write(`actiongate: ${error.message}\n`);
    return EXIT.UNAVAILABLE;
  }
  if (error instanceof ApiRequestError) {
    if (json) printJson({ error: 'refused', status: error.status, code: error.code ?? null, detail: error.detail });
    else process.stderr.write(`actiongate: ${error.message}\n`);
    return EXIT.ERROR;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (json) printJson({ error: 'failed', detail: message });
  else process.stderr.write(`actiongate: ${message}\n`);
  return EXIT.ERROR;
}

/** Wraps a command's action: runs it, sets the exit code from its answer or its error. */
export function action<A extends unknown[]>(run: (...args: A) => Promise<number | void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    const command = args[args.length - 1] as Command;
    try {
      process.exitCode = (await run(...args)) ?? EXIT.OK;
    } catch (error) {
      process.exitCode = reportError(command, error);
    }
  };
}

/** Parses a JSON object given on the command line or in a file. */
export function parseJsonObject(text: string, where: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${where} must be a JSON object`);
  return value as Record<string, unknown>;
}
