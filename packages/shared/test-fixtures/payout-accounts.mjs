// Payout accounts as `bankinfo/create` takes them, for the server's tests, the benchmarks and the browser walks alike.
// Plain JavaScript, so the benchmarks run it on Node without a TypeScript loader.

/** A bank account the server accepts: a valid German IBAN, written as people type it (spaced). */
export const BANK_FORM = {
  type: 'bank',
  full_name: 'Erika Mustermann',
  name: 'Erika',
  surname: 'Mustermann',
  phone: '13800138000',
  email: 'erika@example.com',
  area: 'Mitte',
  country: 'Germany',
  iban: 'DE89 3704 0044 0532 0130 00',
  bank_name: 'Commerzbank',
  swift: 'COBADEFFXXX',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  state: 'Berlin',
};

const { type: _bank, ...bankFields } = BANK_FORM;
/** The bank form's fields as someone in Germany fills them in the app: a German name, mobile number and country name. */
export const GERMAN_BANK_FIELDS = {
  ...bankFields,
  full_name: 'Anna Lehmann',
  name: 'Anna',
  surname: 'Lehmann',
  phone: '+49 151 23456789',
  email: 'anna@example.de',
  country: 'Deutschland',
};

/** A Wise account the server accepts. */
export const WISE_FORM = { type: 'wise', full_name: 'Erika Mustermann', email: 'erika@wise.test', country: 'Germany' };
