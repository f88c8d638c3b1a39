// docs/loyalty.md#form-validation for the member forms.

/** Characters text inputs (any type but password) strip from typed values. */
const STRIPPED = /[<>'"&]/g;

export function stripUnsafeCharacters(value: string): string {
  return value.replace(STRIPPED, '');
}

/** What a typed value becomes in an input of `type`: passwords are never altered. */
export function sanitiseInput(type: string, value: string): string {
  return type === 'password' ? value : stripUnsafeCharacters(value);
}

/**
 * BOOST_POS: at least 8 characters, 1 lowercase, 1 uppercase, 1 number and 1 special
 * character. Other providers' rules are their own: the server answers 84 when unmet.
 */
export function meetsPasswordComplexity(provider: string, password: string): boolean {
  if (provider !== 'BOOST_POS') return password.length > 0;
  return passwordRuleChecks(password).every(({ met }) => met);
}

export type PasswordRule = 'length' | 'lowercase' | 'uppercase' | 'number' | 'special';

/** Each BOOST_POS rule and whether `password` meets it, in the order the form lists them. */
export function passwordRuleChecks(password: string): Array<{ rule: PasswordRule; met: boolean }> {
  return [
    { rule: 'length', met: password.length >= 8 },
    { rule: 'lowercase', met: /\p{Ll}/u.test(password) },
    { rule: 'uppercase', met: /\p{Lu}/u.test(password) },
    { rule: 'number', met: /\p{Nd}/u.test(password) },
    { rule: 'special', met: /[^\p{L}\p{Nd}\s]/u.test(password) },
  ];
}

export type PhoneNumber = { country: string; number: string };

/** Calling codes of the countries the phone field offers, ISO 3166-1 alpha-2 keyed. */
export const CALLING_CODES: Readonly<Record<string, string>> = {
  US: '1',
  CA: '1',
  MX: '52',
  GB: '44',
  FR: '33',
  DE: '49',
  ES: '34',
  IT: '39',
};

/**
 * A phone number is a country plus a national number: both given, the country known,
 * and 4 to 14 digits once spaces, dots, dashes and brackets are removed.
 */
export function isValidPhoneNumber(phone: PhoneNumber): boolean {
  if (!phone.number.trim() || !(phone.country in CALLING_CODES)) return false;
  if (!/^[\d\s().-]+$/.test(phone.number)) return false;
  const digits = phone.number.replace(/\D/g, '');
  return digits.length >= 4 && digits.length <= 14;
}

/** The E.164 form the provider stores, e.g. +15551234567. */
export function internationalPhoneNumber(phone: PhoneNumber): string {
  return `+${CALLING_CODES[phone.country] ?? ''}${phone.number.replace(/\D/g, '')}`;
}
