// What a line that runs at every boot or login must not do: fetch from the network, open a raw
// connection, decode or run inline code, or start a program from a temporary folder or hidden in a
// system folder. Used for shell start-up files (autostart-content.ts) and crontab entries.

/** Signs of a foothold: network fetches and raw connections, decoders and inline code, programs in temporary folders or hidden in system folders. */
const FOOTHOLD =
  /\b(?:curl|wget|nc|ncat|netcat|socat|telnet|base64|xxd|mkfifo|nohup|iex|iwr|Invoke-Expression|Invoke-WebRequest|DownloadString)\b|\b(?:bash|sh|zsh)\s+-i\b|\b(?:python\d?|perl|ruby|php|node)\s+-[ce]\b|\/dev\/(?:tcp|udp)\/|(?:^|[\s'"=>:(])\/(?:tmp|var\/tmp|dev\/shm)\/|(?:^|[\s'"=>:(])\/(?:usr\/(?:local\/)?s?bin|s?bin|opt|etc|var|lib|srv)\/(?:[\w.-]+\/)*\.[\w.-]+|\bhttps?:\/\/|\b\d{1,3}(?:\.\d{1,3}){3}\b|-(?:enc|EncodedCommand|e)\s+[A-Za-z0-9+/=]{16,}|\s-w\s+hidden\b/im;

/** Whether text run at start-up or on a schedule looks like a foothold. */
export function startupFoothold(text: string): boolean {
  return text.length <= 16384 && FOOTHOLD.test(text);
}
