type Fields<K extends string> = { [F in K]: string };

export declare const BANK_FORM: { type: 'bank' } & Fields<
  | 'full_name'
  | 'name'
  | 'surname'
  | 'phone'
  | 'email'
  | 'area'
  | 'country'
  | 'iban'
  | 'bank_name'
  | 'swift'
  | 'address'
  | 'city'
  | 'state'
>;

export declare const GERMAN_BANK_FIELDS: Omit<typeof BANK_FORM, 'type'>;

export declare const WISE_FORM: { type: 'wise' } & Fields<'full_name' | 'email' | 'country'>;
