import { TOAST_MS } from '@c2c/shared';

// Loaded on first use: the toast's animation library is not needed to draw the first page.
const loadToast = () => import('antd-mobile/es/components/toast').then((m) => m.default);

export function showToast(content: string): void {
  void loadToast().then((Toast) => Toast.show({ content, duration: TOAST_MS }));
}

export function showSuccess(content: string): void {
  void loadToast().then((Toast) => Toast.show({ icon: 'success', content, duration: TOAST_MS }));
}
