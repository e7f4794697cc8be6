// Polish date and time in text fields (issue 18, docs/adr/0095): native date/time inputs follow the
// browser's language (11/23/2026, 06:08 AM in an English browser), these read and show dd.mm.rrrr
// and 24-hour gg:mm whatever the browser, while the form keeps the ISO values the contract checks.

const pad = (n: string) => n.padStart(2, '0');

/** 'YYYY-MM-DD' → 'DD.MM.YYYY'; anything else (an unfinished or wrong entry) as it is. */
export function isoToPolishDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

/**
 * What a person typed → the form's value: 'DD.MM.YYYY' (also with '/', '-' or spaces, one-digit day
 * and month, or eight digits) and a pasted 'YYYY-MM-DD' give 'YYYY-MM-DD'; an empty field gives '';
 * anything else stays as typed, for the form's rules to call invalid. Calendar checks (31.02) are
 * the rules' job too.
 */
export function polishDateToIso(text: string): string {
  const t = text.trim();
  if (!t) return '';
  const dmy = /^(\d{1,2})[.\-/ ](\d{1,2})[.\-/ ](\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (dmy) return `${dmy[3]}-${pad(dmy[2])}-${pad(dmy[1])}`;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) return `${iso[1]}-${pad(iso[2])}-${pad(iso[3])}`;
  return t;
}

/** What a person typed → 'HH:MM' (24 h): '18:30', '18.30', '1830', '9:05' and '930' all read; else as typed. */
export function polishTimeToIso(text: string): string {
  const t = text.trim();
  if (!t) return '';
  const hm = /^(\d{1,2})[:.\s]?(\d{2})$/.exec(t);
  return hm ? `${pad(hm[1])}:${hm[2]}` : t;
}
