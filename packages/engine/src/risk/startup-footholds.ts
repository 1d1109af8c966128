// What a line that runs at every boot, login or schedule must not do: open a raw connection, decode
// or run inline code, or start a program from a temporary folder or hidden in a system folder; and,
// at login, fetch from the network (a scheduled `curl https://hc-ping.com/…` is an everyday health
// check, a `curl` in `~/.bashrc` is not). Used for shell start-up files (autostart-content.ts) and
// crontab entries (shell-protection-rules.ts).

/** Raw connections, decoders and inline code, programs in temporary folders or hidden in system folders. */
const FOOTHOLD =
  /\b(?:nc|ncat|netcat|socat|telnet|base64|xxd|mkfifo|iex|Invoke-Expression|DownloadString)\b|\b(?:bash|sh|zsh)\s+-i\b|\b(?:python\d?|perl|ruby|php|node)\s+-[ce]\b|\/dev\/(?:tcp|udp)\/|(?:^|[\s'"=>:(])\/(?:tmp|var\/tmp|dev\/shm)\/|(?:^|[\s'"=>:(])\/(?:usr\/(?:local\/)?s?bin|s?bin|opt|etc|var|lib|srv)\/(?:[\w.-]+\/)*\.[\w.-]+|\b\d{1,3}(?:\.\d{1,3}){3}\b|-(?:enc|EncodedCommand|e)\s+[A-Za-z0-9+/=]{16,}|\s-w\s+hidden\b/im;
/** Network fetches and background starts, a foothold in a login file. */
const LOGIN_FETCH = /\b(?:curl|wget|nohup|iwr|Invoke-WebRequest)\b|\bhttps?:\/\//i;

/** Whether text run on a schedule or at boot looks like a foothold. */
export function scheduledFoothold(text: string): boolean {
  return text.length <= 16384 && FOOTHOLD.test(text);
}

/** Whether text run at every login looks like a foothold (a scheduled one, or a network fetch). */
export function startupFoothold(text: string): boolean {
  return text.length <= 16384 && (FOOTHOLD.test(text) || LOGIN_FETCH.test(text));
}
