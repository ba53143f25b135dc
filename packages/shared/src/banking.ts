/** IBAN: country code, two check digits, up to 30 letters or digits, and the ISO 13616 mod-97 checksum equal to 1. */
export function isValidIban(input: string): boolean {
  const iban = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' ? ch.charCodeAt(0) - 55 : Number(ch);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

/** SWIFT/BIC (ISO 9362): 4 bank letters, 2 country letters, 2 location characters, optional 3-character branch. */
export const SWIFT_RE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** Groups an IBAN in fours for display: DE89 3704 0044 0532 0130 00. */
export const formatIban = (iban: string): string => iban.replace(/(.{4})/g, '$1 ').trim();

/** Shows only the last four characters of an account number. */
export const maskAccount = (value: string): string => (value.length <= 4 ? value : `•••• ${value.slice(-4)}`);
