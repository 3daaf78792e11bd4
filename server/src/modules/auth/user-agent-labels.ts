import Bowser from 'bowser';

export const UNKNOWN_BROWSER = 'Navegador desconocido';
export const UNKNOWN_SYSTEM = 'Sistema desconocido';

/** The labels a login is listed and compared by: 'Chrome' and 'Android'. */
export interface UserAgentLabels {
  browser: string;
  system: string;
}

/** Bowser's longer names, shortened as people say them. */
const SHORTER: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
  'Android Browser': 'Navegador de Android',
};

/**
 * A real browser's header is under 300 characters; only so much of a longer one is read, so a
 * hostile header costs the parser's expressions no more than a real one.
 */
const MAX_READ = 512;

/**
 * Only the parser's own names are kept: for a browser it does not know it answers the header's
 * first word ('Mozilla'), which means nothing to a person and is text of the sender's choosing.
 */
const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));
const KNOWN_SYSTEMS = new Set(Object.values(Bowser.OS_MAP));

function label(name: string | undefined, known: Set<string>, unknown: string): string {
  if (!name || !known.has(name)) return unknown;
  return SHORTER[name] ?? name;
}

/**
 * The browser and system of a User-Agent header, as labels ('Safari', 'iOS'); 'Navegador
 * desconocido' / 'Sistema desconocido' for what the parser does not know (or no header). Only
 * these labels are stored, never the header: it says more than a person needs to recognise a
 * login. Parsed by bowser (MIT), which keeps its browser list up to date.
 */
export function userAgentLabels(header: string | string[] | undefined): UserAgentLabels {
  const text = (Array.isArray(header) ? header[0] : header)?.slice(0, MAX_READ).trim() ?? '';
  if (!text) return { browser: UNKNOWN_BROWSER, system: UNKNOWN_SYSTEM };
  const parsed = Bowser.parse(text);
  return {
    browser: label(parsed.browser.name, KNOWN_BROWSERS, UNKNOWN_BROWSER),
    system: label(parsed.os.name, KNOWN_SYSTEMS, UNKNOWN_SYSTEM),
  };
}
