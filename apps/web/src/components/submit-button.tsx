import { Button, type ButtonProps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useGuardedAction } from '../lib/use-guarded-action';

interface Props extends Omit<ButtonProps, 'onClick' | 'loading'> {
  onSubmit: () => Promise<unknown> | undefined;
  children: ReactNode;
}

/** A submit button that ignores repeated clicks for 1.5 s and shows progress while its call runs (spec §5). */
export function SubmitButton({ onSubmit, children, ...props }: Props) {
  const { run, loading } = useGuardedAction(onSubmit);
  return (
    <Button block color="primary" size="large" shape="rounded" {...props} loading={loading} onClick={run}>
      {children}
    </Button>
  );
}
