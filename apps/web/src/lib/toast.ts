import { TOAST_MS } from '@c2c/shared';

// Loaded on first use: the toast's animation library and its imperative renderer are not needed to draw the first page.
const loadToast = () =>
  Promise.all([import('antd-mobile/es/components/toast'), import('./antd-render')]).then(([toast, render]) => {
    render.setupAntdRender();
    return toast.default;
  });

export function showToast(content: string): void {
  void loadToast().then((Toast) => Toast.show({ content, duration: TOAST_MS }));
}

export function showSuccess(content: string): void {
  void loadToast().then((Toast) => Toast.show({ icon: 'success', content, duration: TOAST_MS }));
}
