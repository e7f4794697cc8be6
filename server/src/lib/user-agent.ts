/** Browser and system of a stored User-Agent, in words a person recognises (the sessions screen). */
export function describeUserAgent(ua: string | null | undefined): { browser: string; os: string } {
  const s = ua ?? '';
  return { browser: browserOf(s), os: osOf(s) };
}


function version(s: string, re: RegExp): string {
  const m = re.exec(s);
  return m ? ` ${m[1]}` : '';
}

function browserOf(s: string): string {
  if (!s) return 'Nieznana przeglądarka';
  // Order matters: Edge and Opera say "Chrome", Chrome says "Safari".
  if (/Edg(e|A|iOS)?\//.test(s)) return `Edge${version(s, /Edg(?:e|A|iOS)?\/(\d+)/)}`;
  if (/OPR\/|Opera/.test(s)) return `Opera${version(s, /OPR\/(\d+)/)}`;
  if (/SamsungBrowser\//.test(s)) return `Samsung Internet${version(s, /SamsungBrowser\/(\d+)/)}`;
  if (/Firefox\/|FxiOS\//.test(s)) return `Firefox${version(s, /(?:Firefox|FxiOS)\/(\d+)/)}`;
  if (/HeadlessChrome\//.test(s)) return `Chrome (bez interfejsu)${version(s, /HeadlessChrome\/(\d+)/)}`;
  if (/Chrome\/|CriOS\//.test(s)) return `Chrome${version(s, /(?:Chrome|CriOS)\/(\d+)/)}`;
  if (/Safari\//.test(s) && /Version\//.test(s)) return `Safari${version(s, /Version\/(\d+)/)}`;
  if (/^curl\//.test(s)) return 'curl';
  return 'Nieznana przeglądarka';
}

function osOf(s: string): string {
  if (/Windows NT/.test(s)) return 'Windows';
  if (/iPhone|iPad|iPod/.test(s)) return /iPad/.test(s) ? 'iPadOS' : 'iOS';
  if (/Android/.test(s)) return `Android${version(s, /Android (\d+)/)}`;
  if (/Mac OS X|Macintosh/.test(s)) return 'macOS';
  if (/CrOS/.test(s)) return 'ChromeOS';
  if (/Linux/.test(s)) return 'Linux';
  return 'Nieznany system';
}
