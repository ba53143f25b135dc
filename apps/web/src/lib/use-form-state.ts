import { useCallback, useState } from 'react';

/** Plain controlled form state: `field('email')` gives the `value`/`onChange` pair an antd-mobile Input takes. */
export function useFormState<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const field = useCallback(
    (name: keyof T) => ({
      value: values[name],
      onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    }),
    [values],
  );
  return { values, field, setValues };
}
